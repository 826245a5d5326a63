package dev.sqlexam.jobs;

import dev.sqlexam.jobs.run.Home;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The setup scripts, with the machine's package tools replaced by fakes that answer as dpkg-query
 * and apt-get would and record every call: what would be installed, and that nothing happens for an
 * unknown command.
 */
class SetupScriptsTest {

    @TempDir Path tmp;

    /**
     * A fake bin folder: dpkg-query answers from {@code installed} (package → version); every other
     * tool records its call.
     */
    private Path fakeTools(Map<String, String> installed, String aptSimulation) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        StringBuilder db = new StringBuilder();
        installed.forEach((p, v) -> db.append(p).append(' ').append(v).append('\n'));
        Files.writeString(tmp.resolve("dpkg.db"), db.toString());
        script(
                bin.resolve("dpkg-query"),
                """
                #!/bin/bash
                fmt="$2"; pkg="$3"
                v=$(awk -v p="$pkg" '$1 == p {print $2}' "%s")
                [ -n "$v" ] || exit 1
                case "$fmt" in *Version*) echo "install ok installed $v" ;; *) echo "install ok installed" ;; esac
                """
                        .formatted(tmp.resolve("dpkg.db")));
        Files.writeString(tmp.resolve("apt-sim.txt"), aptSimulation);
        script(
                bin.resolve("apt-get"),
                """
                #!/bin/bash
                echo "apt-get $*" >> "%s"
                [ "$1" = -s ] && cat "%s"
                exit 0
                """
                        .formatted(tmp.resolve("calls.log"), tmp.resolve("apt-sim.txt")));
        for (String tool : List.of("mvn", "java", "initdb", "pg_ctl", "runuser")) {
            script(
                    bin.resolve(tool),
                    "#!/bin/bash\necho \""
                            + tool
                            + " $*\" >> \""
                            + tmp.resolve("calls.log")
                            + "\"\n");
        }
        return bin;
    }

    private static void script(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Ran(int code, String out) {}

    private Ran bash(Path bin, String command) throws Exception {
        ProcessBuilder pb =
                new ProcessBuilder("bash", "-c", command)
                        .directory(Home.resolve().toFile())
                        .redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("SQLEXAM_STATE_DIR", tmp.resolve("state").toString());
        pb.environment().remove("SQLEXAM_JDBC_URL");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Ran(p.waitFor(), out);
    }

    private Ran plan(Map<String, String> installed) throws Exception {
        return bash(
                fakeTools(installed, ""),
                "source scripts/lib/common.sh; source scripts/lib/packages.sh; SQLEXAM_PG_VERSION=15; postgres_package_plan");
    }

    @Test
    void theServerHeadersArePinnedToTheInstalledServer() throws Exception {
        Ran ran =
                plan(
                        Map.of(
                                "postgresql-15",
                                "15.18-0+deb12u1",
                                "make",
                                "4.3-4.1",
                                "gcc",
                                "4:12.2.0-3"));
        assertThat(ran.out().lines().toList())
                .containsExactly("postgresql-server-dev-15=15.18-0+deb12u1");
    }

    @Test
    void withoutAServerBothComeFromTheArchiveTogether() throws Exception {
        Ran ran = plan(Map.of());
        assertThat(ran.out().lines().toList())
                .containsExactly("postgresql-15", "postgresql-server-dev-15", "make", "gcc");
    }

    @Test
    void nothingIsInstalledWhenEverythingIsThere() throws Exception {
        Ran ran =
                plan(
                        Map.of(
                                "postgresql-15",
                                "15.18-0+deb12u1",
                                "postgresql-server-dev-15",
                                "15.18-0+deb12u1",
                                "make",
                                "4.3",
                                "gcc",
                                "12"));
        assertThat(ran.out()).isEmpty();
    }

    @Test
    void anUpgradeOfTheServerInAnAptPlanIsSeenBeforeItHappens() throws Exception {
        Path bin =
                fakeTools(
                        Map.of(),
                        """
                Inst libpq5 [15.18-0+deb12u1] (15.20-0+deb12u1 Debian-Security:12/oldstable-security [amd64])
                Inst postgresql-client-15 [15.18-0+deb12u1] (15.20-0+deb12u1 Debian-Security:12/oldstable-security [amd64])
                Inst postgresql-15 [15.18-0+deb12u1] (15.20-0+deb12u1 Debian-Security:12/oldstable-security [amd64])
                Inst postgresql-server-dev-15 (15.20-0+deb12u1 Debian-Security:12/oldstable-security [amd64])
                """);
        Ran ran =
                bash(
                        bin,
                        "source scripts/lib/common.sh; source scripts/lib/packages.sh; SQLEXAM_PG_VERSION=15; "
                                + "server_upgrades_in_plan postgresql-server-dev-15");
        assertThat(ran.out().lines().toList())
                .containsExactly(
                        "postgresql-client-15 15.18-0+deb12u1 15.20-0+deb12u1",
                        "postgresql-15 15.18-0+deb12u1 15.20-0+deb12u1");
    }

    @Test
    void theFlinkClusterIsAssembledFromTheFlinkVersionTheProjectBuildsWith() throws Exception {
        java.util.regex.Pattern version =
                java.util.regex.Pattern.compile("<flink.version>([^<]+)</flink.version>");
        java.util.regex.Matcher project =
                version.matcher(Files.readString(Home.resolve().resolve("pom.xml")));
        java.util.regex.Matcher cluster =
                version.matcher(Files.readString(Home.resolve().resolve("scripts/flink/pom.xml")));
        assertThat(project.find()).isTrue();
        assertThat(cluster.find()).isTrue();
        assertThat(cluster.group(1))
                .as("scripts/flink/pom.xml follows the root pom")
                .isEqualTo(project.group(1));
    }

    @Test
    void theClustersNativeLibrariesAreTheVersionsTheJobUses() throws Exception {
        String clusterPom = Files.readString(Home.resolve().resolve("scripts/flink/pom.xml"));
        assertThat(clusterPom)
                .contains(
                        "<onnxruntime.version>"
                                + jarVersion(ai.onnxruntime.OrtEnvironment.class, "onnxruntime")
                                + "<")
                .contains(
                        "<djl.version>"
                                + jarVersion(
                                        ai.djl.huggingface.tokenizers.HuggingFaceTokenizer.class,
                                        "tokenizers")
                                + "<");
    }

    /** The version in the name of the Maven artifact the class was loaded from. */
    private static String jarVersion(Class<?> type, String artifact) throws Exception {
        String jar =
                Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
                        .getFileName()
                        .toString();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile(
                                java.util.regex.Pattern.quote(artifact) + "-(.+)\\.jar")
                        .matcher(jar);
        assertThat(m.matches()).as(jar).isTrue();
        return m.group(1);
    }

    @Test
    void helpIsPrintedWithoutAnySetup() throws Exception {
        Path bin = fakeTools(Map.of(), "");
        for (String command :
                List.of(
                        "grade --help",
                        "bench repair --help",
                        "db --help",
                        "build --help",
                        "exam --jdbc-url x -h",
                        "")) {
            Ran ran = bash(bin, "./sqlexam " + command);
            assertThat(ran.code()).as(command).isZero();
            assertThat(ran.out()).as(command).startsWith("Usage: ./sqlexam");
        }
        assertThat(bash(bin, "./sqlexam bench repair --help").out()).contains("--show-failures");
        assertThat(bash(bin, "./sqlexam help grade").out())
                .as("help COMMAND prints that command's page")
                .isEqualTo(bash(bin, "./sqlexam grade --help").out())
                .contains("--predictions");
        assertThat(bash(bin, "./sqlexam help bench throughput").out())
                .startsWith("Usage: ./sqlexam bench throughput");
        assertThat(bash(bin, "./sqlexam help grdae").code()).isEqualTo(2);
        assertThat(tmp.resolve("calls.log"))
                .as("no package tool, build or cluster command ran")
                .doesNotExist();
        assertThat(tmp.resolve("state")).doesNotExist();
    }

    @Test
    void anUnknownCommandIsRejectedWithoutAnySetup() throws Exception {
        Path bin = fakeTools(Map.of(), "");
        Ran ran = bash(bin, "./sqlexam nosuchcommand --jdbc-url x");
        assertThat(ran.code()).as("wrong usage").isEqualTo(2);
        assertThat(ran.out())
                .contains("unknown command 'nosuchcommand'")
                .contains("see ./sqlexam --help");
        assertThat(tmp.resolve("calls.log"))
                .as("no package tool, build or cluster command ran")
                .doesNotExist();
        assertThat(tmp.resolve("state")).as("no state folder was made").doesNotExist();
    }

    @Test
    void usageErrorsAreAnsweredFromTheJarsModelBeforeAnySetup() throws Exception {
        Path bin = fakeTools(Map.of(), "");
        Map<String, String> errors =
                Map.of(
                        "exam --bogus", "unknown option '--bogus' for 'exam'",
                        "grade --reader nobody",
                                "--reader: 'nobody' is not one of role, connecting-user",
                        "exam --runs many", "--runs: 'many' is not a whole number",
                        "exam --set no_such_option=1", "--set: no option 'no_such_option'",
                        "exam --set generator=magic", "--set generator: 'magic' is not one of",
                        "exam-set check x.jsonl --bogus",
                                "unknown option '--bogus' for 'exam-set check'",
                        "bench nothing", "unknown bench command 'nothing'",
                        "exam --out", "--out needs a value");
        errors.forEach(
                (command, message) -> {
                    try {
                        Ran ran = bash(bin, "./sqlexam " + command);
                        assertThat(ran.code()).as(command).isEqualTo(2);
                        assertThat(ran.out()).as(command).contains(message);
                    } catch (Exception e) {
                        throw new AssertionError(command, e);
                    }
                });
        for (String command : List.of("-V", "exam -V", "grade --jdbc-url x --version")) {
            Ran ran = bash(bin, "./sqlexam " + command);
            assertThat(ran.code()).as(command).isZero();
            assertThat(ran.out()).as(command).startsWith("sqlexam ").contains("(");
        }
        assertThat(tmp.resolve("calls.log"))
                .as("no package tool, build or cluster command ran")
                .doesNotExist();
        assertThat(tmp.resolve("state")).as("no state folder was made").doesNotExist();
    }

    @Test
    void theClustersPathsAreFoundUnderTheScriptsStrictModeBeforeAnyClusterExists()
            throws Exception {
        Ran ran =
                bash(
                        fakeTools(Map.of(), ""),
                        "set -euo pipefail; source scripts/lib/common.sh; source scripts/lib/cluster.sh; "
                                + "SQLEXAM_PG_PORT=55499; cluster_paths; echo \"port=$SQLEXAM_PG_PORT\"");
        assertThat(ran.code()).as(ran.out()).isZero();
        assertThat(ran.out())
                .as("no cluster yet: the port asked for stands")
                .contains("port=55499");
    }

    @Test
    void thePasswordStepKeepsItsFilesPrivateAndTheUsersUmaskForEverythingElse() throws Exception {
        Ran ran =
                bash(
                        fakeTools(Map.of(), ""),
                        "set -euo pipefail; source scripts/lib/common.sh; source scripts/lib/cluster.sh; umask 022; "
                                + "PG_PASSWORD_FILE="
                                + tmp.resolve("password")
                                + "; PGPASSFILE="
                                + tmp.resolve("pgpass")
                                + "; SQLEXAM_PG_PORT=55499; "
                                + "SQLEXAM_USER_PGPASSFILE="
                                + tmp.resolve("pgpass")
                                + "; cluster_password || true; umask; "
                                + "stat -c %a "
                                + tmp.resolve("password")
                                + " "
                                + tmp.resolve("pgpass"));
        assertThat(ran.out().lines().toList()).as(ran.out()).containsExactly("0022", "600", "600");
    }
}
