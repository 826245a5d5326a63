package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.ask.AskRun;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code sqlexam ask}: one question through the exam's stages, with its whole trace. */
@Command(
        name = "ask",
        mixinStandardHelpOptions = true,
        description = {
            "Ask one question and print its trace as the stages finish.",
            "Ask one question through the exam's stages (routing, retrieval, prompt, generation, "
                    + "evaluation, repair, execution as the read-only role) in this process, no Flink job, and "
                    + "print its trace as the stages finish. Free text runs its chosen SQL; --id asks a question of "
                    + "an exam set and grades it as the exam does; --from RUN_DIR --id QID replays a logged "
                    + "question with the candidates its run logged (no model call).",
            "Exit codes: 0 answered; 4 no answer (every candidate blocked, the SQL failed, none written, "
                    + "a stage's infrastructure failed)."
        })
final class AskCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "QUESTION", description = "The question, in quotes.")
    String question;

    @Option(names = "--db", description = "The database to ask (default: the URL's own, else erp).")
    String db;

    @Option(
            names = "--id",
            paramLabel = "QID",
            description =
                    "A question of --exam-set (or, with --from, of that run's log) instead of free text.")
    String id;

    @Option(
            names = "--exam-set",
            description =
                    "The exam set --id names a question of. Default: exam-sets/erp/erp.jsonl.")
    Path examSet;

    @Option(
            names = "--from",
            paramLabel = "RUN_DIR",
            description = "Replay question --id of this run: its variant, its logged candidates.")
    Path from;

    @Mixin GeneratorOptions answering;

    @Option(
            names = "--explain-only",
            description = "Stop after evaluation: candidates checked and EXPLAINed, none executed.")
    boolean explainOnly;

    @Option(
            names = "--json",
            description =
                    "Print one JSON line: the exam log's record (a question with gold) or the nl_query response.")
    boolean json;

    @Option(
            names = "--show-prompt",
            description = "Print the prompt's text (default: its hash and size).")
    boolean showPrompt;

    @Option(
            names = "--max-rows",
            description =
                    "Result rows to show (default: ${DEFAULT-VALUE}); MCP's nl_query calls it max_rows too.",
            defaultValue = "10")
    int rows;

    /** The earlier spelling of --max-rows. */
    @Option(names = "--rows", hidden = true)
    void rows(int n) {
        rows = n;
    }

    @Mixin CommonOptions common;

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (question == null && id == null) {
            throw UsageErrors.of(
                    spec,
                    "ask what? give the question in quotes, or --id QID (of --exam-set), or --from RUN_DIR --id QID");
        }
        if (rows < 0) throw UsageErrors.of(spec, "--max-rows: " + rows + " is outside >= 0");
        if (from != null && id == null)
            throw UsageErrors.of(spec, "--from needs --id: the question of the run to replay");
        if (from != null && answering.variant != null)
            throw UsageErrors.of(
                    spec, "--from replays the run's own variant; --variant does not apply");
        return AskRun.run(
                common.settings(answering.overrides()),
                new AskRun.Request(
                        new AskRun.Question(question, db, id, examSet, from, answering.variant),
                        new AskRun.Output(explainOnly, json, showPrompt, rows)),
                System.out,
                System.err);
    }
}
