package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.run.Thresholds;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The jar's command-line model as a table the ./sqlexam script checks a command line against before
 * it installs, starts or builds anything (docs/cli/usage.tsv, kept current by a test). One row per
 * command and option: {@code command<TAB>option<TAB>kind<TAB>choices<TAB>range}; kind is {@code
 * flag}, {@code value}, {@code optional} (a value may follow), {@code integer}, {@code number},
 * {@code boolean}, {@code path} (a file or folder that must exist), {@code named-path} (the same,
 * or NAME=PATH) or {@code any} (the command passes its arguments on); range is {@code min max}
 * ({@code -} for no bound) and an integer may also be one of its choices; rows with command
 * {@code @set} list the keys {@code --set} takes. A command's own rules: {@code
 * command<TAB>@args<TAB>min<TAB>max<TAB>labels} (its arguments), {@code
 * command<TAB>@required<TAB>option}, {@code command<TAB>@oneof<TAB>names} (at least one of these
 * options, or of the arguments when a name is an argument's label).
 */
public final class UsageTable {

    /** Commands whose arguments go to another program (Maven, psql, bin/flink) unchecked. */
    private static final Set<String> PASSING_ON = Set.of("test", "db psql", "cluster flink");

    private UsageTable() {}

    public static String text() {
        List<String> rows = new ArrayList<>();
        collect(SqlExamCli.commandLine(), "", rows);
        for (Option<?> o : SqlExamOptions.all()) {
            rows.add(
                    String.join(
                            "\t",
                            "@set",
                            o.key(),
                            kind(o.type()),
                            String.join(" ", o.domain().allowed()),
                            range(o)));
        }
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
                rows.addAll(rules(path, command.getCommandSpec()));
            }
        }
        for (CommandLine sub : command.getSubcommands().values()) {
            if (sub.getCommandName().equals("help")) continue;
            collect(
                    sub,
                    path.isEmpty() ? sub.getCommandName() : path + " " + sub.getCommandName(),
                    rows);
        }
    }

    private static String row(String path, String name, OptionSpec o) {
        Option<?> option = FlagKeys.optionOf(name).orElse(null);
        String kind =
                o.arity().max() == 0 ? "flag" : o.arity().min() == 0 ? "optional" : kind(o.type());
        String choices =
                option != null
                        ? String.join(" ", option.domain().allowed())
                        : String.join(" ", FlagKeys.CHOICES.getOrDefault(name, List.of()));
        String range = "";
        if (name.equals("--fail-under")) {
            kind = "threshold";
            choices = String.join(" ", Thresholds.metricNames());
        } else if (FlagKeys.readsPath(path, name)) {
            kind = FlagKeys.NAMED_INPUTS.contains(name) ? "named-path" : "path";
        } else if (name.equals("--test-suite")) {
            kind = "integer";
            choices = "auto";
            range = "0 -";
        } else if (FlagKeys.BOUNDS.containsKey(name)) {
            range = FlagKeys.BOUNDS.get(name);
        } else if (option != null && kind.equals("value")) {
            kind = kind(option.type());
            range = range(option);
        } else if (option != null && kind.equals("integer")) {
            range = range(option);
        }
        return String.join("\t", path, name, kind, choices, range);
    }

    private static List<String> rules(String path, CommandSpec spec) {
        List<String> rows = new ArrayList<>();
        List<PositionalParamSpec> arguments = spec.positionalParameters();
        int min = 0;
        int max = 0;
        for (PositionalParamSpec p : arguments) {
            if (p.group() == null) min += p.arity().min();
            max = max < 0 || p.arity().max() == Integer.MAX_VALUE ? -1 : max + p.arity().max();
        }
        String labels =
                String.join(" ", arguments.stream().map(PositionalParamSpec::paramLabel).toList());
        rows.add(
                String.join(
                        "\t",
                        path,
                        "@args",
                        Integer.toString(min),
                        max < 0 ? "-" : Integer.toString(max),
                        labels));
        for (OptionSpec o : spec.options()) {
            if (o.required() && o.group() == null)
                rows.add(String.join("\t", path, "@required", o.longestName()));
        }
        for (ArgGroupSpec group : spec.argGroups()) {
            if (group.multiplicity().min() == 0) continue;
            List<String> names = new ArrayList<>();
            for (ArgSpec a : group.args()) {
                names.add(
                        a instanceof OptionSpec o
                                ? o.longestName()
                                : ((PositionalParamSpec) a).paramLabel());
            }
            rows.add(String.join("\t", path, "@oneof", String.join(" ", names)));
        }
        if (path.equals("ask")) rows.add(String.join("\t", path, "@oneof", "QUESTION --id"));
        return rows;
    }

    private static String range(Option<?> o) {
        if (o.domain().min() == null && o.domain().max() == null) return "";
        return bound(o.domain().min()) + " " + bound(o.domain().max());
    }

    private static String bound(Double b) {
        if (b == null) return "-";
        return b == Math.rint(b) ? Long.toString(b.longValue()) : b.toString();
    }

    private static String kind(Class<?> type) {
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class)
            return "integer";
        if (type == double.class || type == Double.class) return "number";
        if (type == boolean.class || type == Boolean.class) return "boolean";
        return "value";
    }
}
