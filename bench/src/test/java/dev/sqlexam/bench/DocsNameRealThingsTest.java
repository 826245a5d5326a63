package dev.sqlexam.bench;

import dev.sqlexam.jobs.cli.UsageTable;
import dev.sqlexam.jobs.run.Home;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command and option the README and the docs name exists: each {@code ./sqlexam …} command
 * line names a command of the jar with options that command takes, each {@code --set key=…} a key
 * the options registry has, and each option quoted in the prose an option of some command (or of
 * the other tool the page names, listed here).
 */
class DocsNameRealThingsTest {

    private static final Path HOME = Home.resolve();

    /** Options of other programs the docs quote, with the program. */
    private static final Map<String, String> FOREIGN =
            Map.of(
                    "--diff_json_path",
                    "BIRD's evaluation.py",
                    "--ground_truth_path",
                    "BIRD's evaluation.py",
                    "--predicted_sql_path",
                    "BIRD's evaluation.py",
                    "--gold",
                    "test-suite-sql-eval (and import spider|bird)",
                    "--pred",
                    "test-suite-sql-eval",
                    "--etype",
                    "test-suite-sql-eval",
                    "--db",
                    "test-suite-sql-eval and ask/index",
                    "--table",
                    "test-suite-sql-eval");

    private static final Pattern COMMAND_LINE =
            Pattern.compile("\\./sqlexam((?: +[^ `|#&;()\\n]+)*)");
    private static final Pattern QUOTED_OPTION = Pattern.compile("`(--[a-z][a-z0-9_-]*)");
    private static final Pattern SET_KEY = Pattern.compile("--set[ =]([A-Za-z_0-9]+)=");

    @Test
    void everyCommandAndOptionTheDocsNameExists() throws IOException {
        Map<String, Set<String>> options = new HashMap<>();
        Set<String> keys = new HashSet<>();
        Set<String> passingOn = new HashSet<>();
        for (String row : UsageTable.text().split("\n")) {
            String[] f = row.split("\t", -1);
            if (f[0].equals("@set")) keys.add(f[1]);
            else if (f[1].equals("*")) passingOn.add(f[0]);
            else options.computeIfAbsent(f[0], k -> new HashSet<>()).add(f[1]);
        }
        Set<String> anyOption = new HashSet<>();
        options.values().forEach(anyOption::addAll);

        List<String> wrong = new ArrayList<>();
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page);
            for (int n = 0; n < lines.size(); n++) {
                String line = lines.get(n);
                String where = HOME.relativize(page) + ":" + (n + 1);
                if (line.contains("inspector"))
                    continue; // the MCP inspector's own flags follow ./sqlexam mcp there
                Matcher m = COMMAND_LINE.matcher(line);
                while (m.find())
                    checkCommandLine(m.group(1).trim(), options, passingOn, where, wrong);
                Matcher q = QUOTED_OPTION.matcher(line);
                while (q.find()) {
                    if (!anyOption.contains(q.group(1)) && !FOREIGN.containsKey(q.group(1)))
                        wrong.add(where + ": no command takes " + q.group(1));
                }
                Matcher k = SET_KEY.matcher(line);
                while (k.find())
                    if (!keys.contains(k.group(1)) && !k.group(1).equals("key"))
                        wrong.add(where + ": no option key " + k.group(1));
            }
        }
        assertThat(wrong)
                .as("commands, options and keys the docs name that do not exist")
                .isEmpty();
    }

    @Test
    void everyDocsPageIsReachableFromTheReadme() throws IOException {
        Pattern link = Pattern.compile("\\]\\(([^)#\\s]+\\.md)");
        Set<Path> reached = new HashSet<>();
        List<Path> toVisit = new ArrayList<>(List.of(HOME.resolve("README.md").normalize()));
        while (!toVisit.isEmpty()) {
            Path page = toVisit.remove(toVisit.size() - 1);
            if (!reached.add(page) || !Files.isRegularFile(page)) continue;
            Matcher m = link.matcher(Files.readString(page));
            while (m.find()) toVisit.add(page.getParent().resolve(m.group(1)).normalize());
        }
        List<Path> docs;
        try (Stream<Path> files = Files.list(HOME.resolve("docs"))) {
            docs =
                    files.filter(p -> p.toString().endsWith(".md"))
                            .map(Path::normalize)
                            .sorted()
                            .toList();
        }
        assertThat(docs)
                .as("docs pages no link from the README leads to")
                .allMatch(reached::contains);
        assertThat(reached).as("links to pages that do not exist").allMatch(Files::isRegularFile);
    }

    /** Files the docs name that belong to other programs or to the user, not to sqlexam. */
    private static final Set<String> FOREIGN_FILES = Set.of("mcp.json", "results.csv");

    private static final Pattern QUOTED_FILE =
            Pattern.compile(
                    "`(?:[^`\\s]*/)?([A-Za-z0-9_.<>-]+\\.(?:json|jsonl|html|sql|csv|tsv|yaml|log))`");

    /**
     * Every file name the docs quote (a run's outputs, the state folder's files) is one the code or
     * the scripts name, one in the checkout, or another program's: no {@code metrics.json} that
     * nothing writes.
     */
    @Test
    void everyFileTheDocsNameIsOneTheCodeOrTheCheckoutHas() throws IOException {
        StringBuilder code = new StringBuilder(Files.readString(HOME.resolve("sqlexam")));
        Set<String> inCheckout = new HashSet<>();
        for (String dir :
                List.of("operators", "jobs", "bench", "scripts", "exam-sets", "flink-conf"))
            try (Stream<Path> files = Files.walk(HOME.resolve(dir))) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    if (f.toString().contains("/target/") || f.toString().contains("/src/test/"))
                        continue;
                    inCheckout.add(f.getFileName().toString());
                    String name = f.toString();
                    if (name.matches(".*\\.(java|sh|ftl|xml)$")) code.append(Files.readString(f));
                }
            }
        List<String> unknown = new ArrayList<>();
        for (Path page : pages()) {
            Matcher m = QUOTED_FILE.matcher(Files.readString(page));
            while (m.find()) {
                String file = m.group(1);
                if (file.contains("<") || FOREIGN_FILES.contains(file)) continue;
                if (!inCheckout.contains(file) && code.indexOf(file) < 0)
                    unknown.add(HOME.relativize(page) + ": " + file);
            }
        }
        assertThat(unknown).as("files the docs name that nothing writes or reads").isEmpty();
    }

    /** The state folder is the checkout's .sqlexam, wherever a command runs: never ./.sqlexam. */
    @Test
    void theStateFolderIsTheCheckoutsNotTheWorkingDirectorys() throws IOException {
        for (Path page : pages())
            assertThat(Files.readString(page)).as(page.toString()).doesNotContain("./.sqlexam");
        String help = dev.sqlexam.jobs.cli.SqlExamCli.commandLine().getUsageMessage();
        assertThat(help).doesNotContain("./.sqlexam");
    }

    private static void checkCommandLine(
            String text,
            Map<String, Set<String>> options,
            Set<String> passingOn,
            String where,
            List<String> wrong) {
        if (text.isEmpty()) return;
        String[] words = text.split(" +");
        if (!words[0].matches("[a-z][a-z-]*(\\\\?\\|[a-z-]+)*"))
            return; // COMMAND, CMD: a placeholder
        for (String first : words[0].split("\\\\?\\|")) {
            String path = first;
            if (!options.containsKey(path) && !passingOn.contains(path)) {
                if (!path.equals("runs")) wrong.add(where + ": no command " + path);
                continue;
            }
            int i = 1;
            if (i < words.length && !words[i].startsWith("-")) {
                List<String> subs = new ArrayList<>();
                for (String alt : words[i].split("\\\\?\\|"))
                    if (options.containsKey(path + " " + alt)
                            || passingOn.contains(path + " " + alt)) subs.add(alt);
                if (!subs.isEmpty()) {
                    if (subs.size() > 1) return;
                    path = path + " " + subs.get(0);
                    i++;
                }
            }
            if (passingOn.contains(path)) continue;
            for (; i < words.length; i++) {
                String w = words[i];
                if (!w.startsWith("--") || w.equals("--")) continue;
                String name = w.replaceAll("[=,.:].*$", "");
                if (!options.getOrDefault(path, Set.of()).contains(name))
                    wrong.add(where + ": '" + path + "' takes no " + name);
            }
        }
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(HOME.resolve("README.md")));
        try (Stream<Path> docs = Files.list(HOME.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        try (Stream<Path> sets = Files.walk(HOME.resolve("exam-sets"), 2)) {
            sets.filter(p -> p.getFileName().toString().equals("README.md"))
                    .sorted()
                    .forEach(pages::add);
        }
        return pages;
    }
}
