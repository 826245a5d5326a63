package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.SqlExamOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The jar's command-line model as a table the ./sqlexam script checks a command line against before it installs,
 * starts or builds anything (docs/cli/usage.tsv, kept current by a test). One row per command and option:
 * {@code command<TAB>option<TAB>kind<TAB>choices}; kind is {@code flag}, {@code value}, {@code optional} (a value may follow),
 * {@code integer} or
 * {@code any} (the command passes its arguments on); rows with command {@code @set} list the keys {@code --set} takes.
 */
public final class UsageTable {

    /** Commands whose arguments go to another program (Maven, psql, bin/flink) unchecked. */
    private static final Set<String> PASSING_ON = Set.of("test", "db psql", "cluster flink");

    private UsageTable() {}

    public static String text() {
        List<String> rows = new ArrayList<>();
        collect(SqlExamCli.commandLine(), "", rows);
        for (Option<?> o : SqlExamOptions.all()) rows.add(String.join("\t", "@set", o.key(), kind(o.type()), String.join(" ", o.allowed())));
        return String.join("\n", rows) + "\n";
    }

    private static void collect(CommandLine command, String path, List<String> rows) {
        if (!path.isEmpty()) {
            if (PASSING_ON.contains(path)) {
                rows.add(String.join("\t", path, "*", "any", ""));
            } else {
                Map<String, String> sorted = new TreeMap<>();
                for (OptionSpec o : command.getCommandSpec().options()) {
                    for (String name : o.names()) sorted.put(name, row(path, name, o));
                }
                rows.addAll(sorted.values());
            }
        }
        for (CommandLine sub : command.getSubcommands().values()) {
            if (sub.getCommandName().equals("help")) continue;
            collect(sub, path.isEmpty() ? sub.getCommandName() : path + " " + sub.getCommandName(), rows);
        }
    }

    private static String row(String path, String name, OptionSpec o) {
        String kind = o.arity().max() == 0 ? "flag" : o.arity().min() == 0 ? "optional" : kind(o.type());
        String key = name.replaceFirst("^--", "").replace('-', '_');
        String choices = SqlExamOptions.all().stream().filter(opt -> opt.key().equals(key)).findFirst()
                .map(opt -> String.join(" ", opt.allowed())).orElse("");
        return String.join("\t", path, name, kind, choices);
    }

    private static String kind(Class<?> type) {
        return type == int.class || type == long.class || type == Integer.class || type == Long.class ? "integer" : "value";
    }
}
