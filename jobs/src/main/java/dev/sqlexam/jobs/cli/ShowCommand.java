package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.report.QuestionStory;
import dev.sqlexam.jobs.run.Home;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code sqlexam show}: one question's whole story in a run, in the terminal. */
@Command(
        name = "show",
        mixinStandardHelpOptions = true,
        description =
                "Print one question's whole story in a run: the question and its gold, and per variant and run"
                        + " the SQL answered, the verdict and why, the rows that show a wrong answer beside the gold's,"
                        + " its error categories, the test suite's witness, and the stages. Reads the run's exam log;"
                        + " no database.")
final class ShowCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "RUN",
            description = "The run's folder, or its id under runs/.")
    String run;

    @Parameters(index = "1", paramLabel = "QUESTION_ID", description = "The question's id.")
    String questionId;

    @Override
    public Integer call() throws Exception {
        Path dir = Path.of(run);
        if (!Files.isDirectory(dir)) dir = Home.resolve().resolve("runs").resolve(run);
        if (!Files.isRegularFile(dir.resolve("exam_log.jsonl"))) {
            System.err.println(
                    "[sqlexam] error: no run at "
                            + run
                            + " (a run's folder, or its id under runs/, holding exam_log.jsonl)");
            return ExitCode.ERROR.code;
        }
        if (!QuestionStory.print(dir, questionId, System.out)) {
            System.err.println(
                    "[sqlexam] error: question '"
                            + questionId
                            + "' is not in "
                            + dir.resolve("exam_log.jsonl"));
            return ExitCode.NO_RESULT.code;
        }
        return ExitCode.DONE.code;
    }
}
