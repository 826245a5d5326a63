package dev.sqlexam.bench;

import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.model.ExamQuestion;

import java.nio.file.Path;
import java.util.List;

/** The exam set a bench runs over, as its header names it; ERP's when none is given. */
record BenchExamSet(List<ExamQuestion> questions, String name) {

    static final String ERP = "exam-sets/erp/erp.jsonl";

    /** {@code examSet}: null for ERP's. */
    static BenchExamSet read(Path examSet) {
        Path set = examSet != null ? examSet : Home.resolve().resolve(ERP);
        return new BenchExamSet(
                ExamSetFiles.read(set, null).questions(),
                examSet == null ? ERP : examSet.toString());
    }
}
