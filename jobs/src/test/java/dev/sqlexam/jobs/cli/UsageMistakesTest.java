package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.run.Home;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Wrong commands a new user types, each answered by ./sqlexam before any setup (no package tool,
 * build, JVM or state folder) and by the jar itself when it is run directly: exit 2, {@code
 * [sqlexam] error: …}, {@code see ./sqlexam CMD --help}.
 */
class UsageMistakesTest {

    /**
     * command line → what the error must say (both the script and the jar; the jar may say it in
     * its own words where marked).
     */
    private static final String ERP = Home.resolve().resolve("exam-sets/erp/erp.jsonl").toString();

    private static final String LOG =
            Home.resolve().resolve("exam-sets/querylog/erp-synthetic.jsonl").toString();

    private static final List<String[]> MISTAKES =
            List.of(
                    m("exma", "unknown command 'exma'", "did you mean exam?"),
                    m(
                            "exam --exam-sett exam-sets/erp/erp.jsonl",
                            "unknown option '--exam-sett'",
                            "did you mean --exam-set?"),
                    m("exam --runs 0", "--runs: 0 is outside >= 1", null),
                    m("exam --runs abc", "--runs: 'abc' is not a whole number", null),
                    m("exam --test-suite -1", "--test-suite:", null),
                    m("exam --test-suite many", "--test-suite:", null),
                    m(
                            "grade --exam-set "
                                    + ERP
                                    + " --predictions "
                                    + ERP
                                    + " --dialect mysql",
                            "--dialect: 'mysql' is not one of auto, sqlite, postgres",
                            null),
                    m("exam --generator gpt4", "'gpt4' is not one of", null),
                    m(
                            "exam --set SCHEMA_LINKER_ENABLED=maybe",
                            "--set SCHEMA_LINKER_ENABLED: 'maybe' is not true or false",
                            null),
                    m(
                            "exam --set table_top_kk=3",
                            "--set: no option 'table_top_kk'",
                            "did you mean table_top_k?"),
                    m("exam --set table_top_k", "--set takes key=value", null),
                    m("exam --parallelism 0", "--parallelism: 0 is outside >= 1", null),
                    m("exam extra-argument", "extra-argument", null),
                    m("grade --exam-set exam-sets/erp/erp.jsonl", "--predictions", null),
                    m("grade --predictions", "--predictions", null),
                    m("compare runs/a", "RUN_DIR_B", null),
                    m("compare runs/a runs/b runs/c", "runs/c", null),
                    m("report", "RUN_DIR", null),
                    m("watch", "--replay", null),
                    m("watch --replay " + LOG + " --window 0", "--window: 0 is outside >= 1", null),
                    m("watch --replay " + LOG + " --shadow-rate 2", "--shadow-rate: 2", null),
                    m("exam-set check", "PATH", null),
                    m("ask", "--id", null),
                    m(
                            "ask 'how many employees' --max-rows -1",
                            "--max-rows: -1 is outside >= 0",
                            null),
                    m("import", "needs a command", null),
                    m("import mysql", "'mysql'", null),
                    m("import spider", "--dev-json", null),
                    m("bench", "needs a command", null),
                    m("bench nosuch", "'nosuch'", null),
                    m("produce --kafka localhost:9092 --topic t", "FILE", null),
                    m("regrade", "RUN_DIR", null),
                    m("options --markdown=yes", "--markdown", null),
                    m(
                            "grade --exam-set "
                                    + ERP
                                    + " --predictions "
                                    + ERP
                                    + " --reader nobody",
                            "'nobody' is not one of role, connecting-user",
                            null),
                    m(
                            "grade --exam-set nope.jsonl --predictions " + ERP,
                            "--exam-set: no such file or folder: nope.jsonl",
                            null),
                    m(
                            "grade --exam-set " + ERP + " --predictions mine=nope.json",
                            "--predictions: no such file: nope.json",
                            null),
                    m("exam --variant nope.yaml", "--variant: no such file or folder", null),
                    m(
                            "grade --exam-set "
                                    + ERP
                                    + " --predictions "
                                    + ERP
                                    + " --fail-under exx=0.5",
                            "--fail-under: no metric 'exx'",
                            "did you mean ex?"),
                    m(
                            "grade --exam-set "
                                    + ERP
                                    + " --predictions "
                                    + ERP
                                    + " --fail-under ex=1.5",
                            "1.5 is not a fraction in [0, 1]",
                            null),
                    m("exam --fail-under ex", "--fail-under takes METRIC=VALUE", null));

    @TempDir Path tmp;

    private static String[] m(String command, String says, String suggests) {
        return new String[] {command, says, suggests};
    }

    @Test
    void theScriptAnswersEveryMistakeBeforeAnySetup() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        for (String tool :
                List.of(
                        "mvn",
                        "java",
                        "apt-get",
                        "dpkg-query",
                        "initdb",
                        "pg_ctl",
                        "runuser",
                        "sudo")) {
            Path fake = bin.resolve(tool);
            Files.writeString(
                    fake,
                    "#!/bin/bash\necho \""
                            + tool
                            + " $*\" >> \""
                            + tmp.resolve("calls.log")
                            + "\"\nexit 1\n");
            Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        List<String> wrong = new ArrayList<>();
        for (String[] mistake : MISTAKES) {
            ProcessBuilder pb =
                    new ProcessBuilder("bash", "-c", "./sqlexam " + mistake[0])
                            .directory(Home.resolve().toFile());
            pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
            pb.environment().put("SQLEXAM_STATE_DIR", tmp.resolve("state").toString());
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            String problem = problem(p.waitFor(), out, err, mistake);
            if (problem != null) wrong.add(mistake[0] + ": " + problem);
        }
        assertThat(wrong).as("mistakes answered wrongly by ./sqlexam").isEmpty();
        assertThat(tmp.resolve("calls.log"))
                .as("no package tool, JVM, build or cluster command ran")
                .doesNotExist();
        assertThat(tmp.resolve("state")).as("no state folder was made").doesNotExist();
    }

    @Test
    void theJarRunDirectlyAnswersThemTheSameWay() {
        List<String> wrong = new ArrayList<>();
        java.util.Set<String> elsewhere = new java.util.TreeSet<>();
        for (String[] mistake : MISTAKES) {
            String command = words(mistake[0])[0];
            if (!SqlExamCli.commandLine().getSubcommands().containsKey(command)
                    && !mistake[1].contains("unknown command")) {
                // a command of a module beside the product (the bench), tested there
                elsewhere.add(command);
                continue;
            }
            StringWriter err = new StringWriter();
            StringWriter out = new StringWriter();
            var commandLine = SqlExamCli.commandLine();
            commandLine.setErr(new PrintWriter(err));
            commandLine.setOut(new PrintWriter(out));
            int code = commandLine.execute(words(mistake[0]));
            String problem =
                    problem(
                            code,
                            out.toString(),
                            err.toString(),
                            new String[] {mistake[0], jarWords(mistake[1]), mistake[2]});
            if (problem != null) wrong.add(mistake[0] + ": " + problem);
        }
        assertThat(wrong).as("mistakes answered wrongly by the jar").isEmpty();
        assertThat(elsewhere).containsExactly("bench");
    }

    private static String problem(int code, String out, String err, String[] mistake) {
        if (code != ExitCode.USAGE.code) return "exit " + code + " (" + err.strip() + ")";
        if (!out.isEmpty()) return "printed on stdout: " + out.lines().findFirst().orElse("");
        List<String> lines = err.lines().toList();
        if (lines.isEmpty() || !lines.get(0).startsWith("[sqlexam] error: "))
            return "first line " + lines;
        if (!lines.get(lines.size() - 1).matches("\\[sqlexam] see \\./sqlexam [a-z -]*--help"))
            return "last line " + lines;
        if (!err.contains(mistake[1])) return "does not say '" + mistake[1] + "': " + err.strip();
        if (mistake[2] != null && !err.contains(mistake[2]))
            return "does not suggest '" + mistake[2] + "': " + err.strip();
        if (lines.size() > 3) return "more than error, suggestion and pointer: " + err.strip();
        return null;
    }

    /**
     * picocli names unknown options and missing parts in its own words; the part that must match
     * either way.
     */
    private static String jarWords(String says) {
        return says.startsWith("unknown command") || says.startsWith("unknown option")
                ? says.replaceAll(".*'(.+)'.*", "$1")
                : says;
    }

    private static String[] words(String commandLine) {
        List<String> words = new ArrayList<>();
        var m = java.util.regex.Pattern.compile("'([^']*)'|(\\S+)").matcher(commandLine);
        while (m.find()) words.add(m.group(1) != null ? m.group(1) : m.group(2));
        return words.toArray(String[]::new);
    }
}
