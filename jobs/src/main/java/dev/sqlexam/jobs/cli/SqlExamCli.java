package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.assembly.Preflight;
import dev.sqlexam.jobs.run.Build;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.runtime.ClientJvm;
import dev.sqlexam.jobs.runtime.FlinkTarget;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/** The command-line entry point of the shaded jar. */
@Command(
        name = "sqlexam",
        mixinStandardHelpOptions = true,
        versionProvider = SqlExamCli.Version.class,
        description =
                "Puts natural-language-to-SQL systems through exams on an Apache Flink pipeline.",
        subcommands = {
            ExamCommand.class,
            AskCommand.class,
            McpCommand.class,
            GradeCommand.class,
            CompareCommand.class,
            RegradeCommand.class,
            ReportCommand.class,
            ShowCommand.class,
            WatchCommand.class,
            ProduceCommand.class,
            ImportCommand.class,
            IndexCommand.class,
            ExamSetCommand.class,
            ShellCommands.Test.class,
            ShellCommands.Build.class,
            DbCommand.class,
            ShellCommands.Kafka.class,
            ShellCommands.Cluster.class,
            OptionsCommand.class
        },
        footer = {
            "",
            "Run it as ./sqlexam COMMAND; ./sqlexam COMMAND --help shows its options at once (nothing is "
                    + "set up).",
            "Exit codes (every command): 0 done; 1 an error; 2 wrong usage; 3 not ready (the pre-flight "
                    + "check stopped the run, or a status command found its service down); 4 no result (nothing "
                    + "graded, no answer, nothing imported, or exam-set check findings); 5 under a threshold"
                    + " (--fail-under).",
            "Environment: SQLEXAM_JDBC_URL (your own server: exams and grades only read it, an import"
                    + " loads databases into it; may hold {db}), SQLEXAM_STATE_URL "
                    + "(where sqlexam keeps its own state; default: the private cluster), SQLEXAM_PG_PORT (the "
                    + "private cluster's port, default 55432), SQLEXAM_STATE_DIR (state folder, default "
                    + "the checkout's .sqlexam); every setting ./sqlexam options lists has a variable too."
        })
public final class SqlExamCli implements Runnable {

    /** sqlexam's version and commit, as the jar was built (or as the script says it runs). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {Build.describe()};
        }
    }

    @Override
    public void run() {
        commandLine().usage(System.out);
    }

    /**
     * Exit code of a run that the pre-flight check stopped before anything ran (read access,
     * connection slots).
     */
    public static final int PREFLIGHT_FAILED = ExitCode.NOT_READY.code;

    /**
     * The command line with its error handling: a failure prints its message and causes, and exits
     * 1 (3: pre-flight).
     */
    public static CommandLine commandLine() {
        CommandLine root = new CommandLine(new SqlExamCli());
        for (CliExtension extension : ServiceLoader.load(CliExtension.class)) add(root, extension);
        everyCommand(root, c -> c.getCommandSpec().versionProvider(new Version()));
        return root.setUsageHelpWidth(110)
                .setParameterExceptionHandler(new UsageErrors())
                .setExecutionStrategy(UsageErrors::checkThenRun)
                .setExecutionExceptionHandler(
                        (e, cmd, parsed) -> {
                            cmd.getErr().println("[sqlexam] error: " + e.getMessage());
                            for (Throwable c = e.getCause();
                                    c != null && c != c.getCause();
                                    c = c.getCause()) {
                                if (c.getMessage() != null
                                        && !c.getMessage().equals(e.getMessage()))
                                    cmd.getErr().println("  caused by: " + c.getMessage());
                            }
                            return e instanceof Preflight.Failed
                                    ? PREFLIGHT_FAILED
                                    : ExitCode.ERROR.code;
                        });
    }

    /** {@code extension}'s command, listed after the one it names. */
    private static void add(CommandLine root, CliExtension extension) {
        Map<String, CommandLine> listed = new LinkedHashMap<>(root.getSubcommands());
        listed.keySet().forEach(root.getCommandSpec()::removeSubcommand);
        for (var command : listed.entrySet()) {
            root.addSubcommand(command.getKey(), command.getValue());
            if (command.getKey().equals(extension.after())) root.addSubcommand(extension.command());
        }
        if (!listed.containsKey(extension.after())) root.addSubcommand(extension.command());
    }

    private static void everyCommand(CommandLine command, Consumer<CommandLine> action) {
        action.accept(command);
        for (CommandLine sub : command.getSubcommands().values()) everyCommand(sub, action);
    }

    public static void main(String[] args) {
        System.setProperty(
                RunManifest.COMMAND_LINE_PROPERTY,
                "./sqlexam "
                        + String.join(
                                " ",
                                Arrays.stream(args)
                                        .map(
                                                a ->
                                                        a.matches("[\\w@%+=:,./{}-]+")
                                                                ? a
                                                                : "'"
                                                                        + a.replace("'", "'\\''")
                                                                        + "'")
                                        .toList()));
        System.setProperty("OPT_OUT_TRACKING", "true");
        ClientJvm.prepare();
        if (System.getenv("DJL_CACHE_DIR") == null && System.getProperty("DJL_CACHE_DIR") == null) {
            System.setProperty("DJL_CACHE_DIR", Home.state().resolve("djl").toString());
        }
        int code = commandLine().execute(args);
        FlinkTarget.closeLocalCluster();
        System.exit(code);
    }
}
