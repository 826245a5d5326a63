package dev.sqlexam.suite.independent;

import dev.sqlexam.grading.Grader;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.suite.MutantTimeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * {@link PaperMutator}'s mutants of one question's golds (at most {@link #PER_GOLD} per gold, a
 * seeded choice): how many ran on the exam database, how many agree with the golds there, and the
 * suite's verdicts on those a random database tells apart, in the order of the mutants.
 */
record QuestionMutants(int tried, int agreeing, List<SuiteVerdict> caught) {

    static final int PER_GOLD = Integer.getInteger("indep.mutantsPerGold", 6);

    static QuestionMutants of(
            Environment env,
            Environment.Schema s,
            ExamQuestion q,
            Map<String, Map<String, String>> families)
            throws Exception {
        List<Grader.GoldRun> golds = env.judge.golds(q, s.examDb());
        if (env.judge.goldProblem(s.examDb(), golds).isPresent())
            return new QuestionMutants(0, 0, List.of());
        long timeoutMs =
                MutantTimeout.forGold(
                        golds.stream().mapToLong(g -> g.outcome().elapsedMs()).max().orElse(0));
        int tried = 0;
        int agreeing = 0;
        List<SuiteVerdict> caught = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>(q.allGoldSql());
        for (String gold : q.allGoldSql()) {
            for (PaperMutator.Mutant m : chosen(q, gold, families)) {
                if (!seen.add(m.sql())) continue;
                tried++;
                if (!Judge.grade(golds, env.judge.run(s.examDb(), m.sql(), timeoutMs)).correct())
                    continue;
                agreeing++;
                if (s.randomDbs().stream()
                        .noneMatch(db -> env.judge.differs(q, db, m.sql()).orElse(false))) continue;
                String kind = "mutant: " + m.operator();
                caught.add(
                        SuiteVerdict.of(
                                env,
                                s,
                                q,
                                m.sql(),
                                true,
                                kind,
                                q.id() + " [mutant: " + m.operator() + "]"));
            }
        }
        return new QuestionMutants(tried, agreeing, caught);
    }

    /** At most {@link #PER_GOLD} of the gold's mutants, shuffled with a seed of the question's. */
    private static List<PaperMutator.Mutant> chosen(
            ExamQuestion q, String gold, Map<String, Map<String, String>> families) {
        List<PaperMutator.Mutant> mutants = new ArrayList<>(PaperMutator.mutants(gold, families));
        Collections.shuffle(mutants, new Random(q.id().hashCode() * 31L + gold.hashCode()));
        return mutants.subList(0, Math.min(PER_GOLD, mutants.size()));
    }
}
