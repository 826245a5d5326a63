package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.ExamRun;
import dev.sqlexam.jobs.ExamSetFiles;
import dev.sqlexam.jobs.Home;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.predictions.PredictionsFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sqlexam grade}: grade the SQL another NL2SQL system predicted, one variant per predictions file. */
@Command(name = "grade", mixinStandardHelpOptions = true,
        description = "Grade predictions from any NL2SQL system against an exam set: our JSONL (id, sql, ...), BIRD's predict_dev.json "
                + "or Spider's one-SQL-per-line text, detected from the content. Several --predictions are graded side by side.")
final class GradeCommand implements Callable<Integer> {

    @Option(names = "--exam-set", required = true, description = "Exam set (JSONL) the predictions answer.")
    Path examSet;

    @Option(names = "--predictions", required = true, description = "A predictions file (repeatable: one summary column each).")
    List<Path> predictions;

    @Option(names = "--out", description = "Folder for run outputs; each run writes <out>/<run-id>/. Default: runs.")
    Path out;

    @Option(names = "--run-id", description = "Run id (default: a timestamp). Rerunning an id replaces its rows.")
    String runId;

    @Mixin
    CommonOptions common;

    @Override
    public Integer call() throws Exception {
        List<ExamQuestion> questions = ExamSetFiles.read(examSet, null).questions();
        List<PredictionsFile.Loaded> loaded = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (Path p : predictions) {
            PredictionsFile.Loaded file = PredictionsFile.read(p, questions);
            String label = file.label();
            for (int n = 2; !labels.add(label); n++) label = file.label() + "-" + n;
            loaded.add(new PredictionsFile.Loaded(label, file.file(), file.format(), file.byId(), file.rejected()));
        }
        Path outRoot = out != null ? out : Home.resolve().resolve("runs");
        ExamRun.Result result = new ExamRun(common.settings(Map.of()), examSet, outRoot, runId, System.out).withPredictions(loaded)
                .run(StreamExecutionEnvironment.getExecutionEnvironment());
        return result.summary().variants().isEmpty() ? 2 : 0;
    }
}
