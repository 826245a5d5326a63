package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A task on its way through the retrieval stages: question vector, route, then packet and trace.
 */
public record RetrievalTask(
        ExamTask task,
        float[] vector,
        ModuleRoute route,
        SchemaContextPacket packet,
        RetrievalTrace retrieval,
        JoinPlan plan,
        List<StageTrace> stages)
        implements Serializable {

    public RetrievalTask {
        stages = new ArrayList<>(stages);
    }

    public static RetrievalTask of(ExamTask task) {
        return new RetrievalTask(task, null, null, null, null, null, List.of());
    }

    /** The same retrieval for another (variant, run) of the question. */
    public RetrievalTask withTask(ExamTask t) {
        return new RetrievalTask(t, vector, route, packet, retrieval, plan, stages);
    }

    public RetrievalTask withVector(float[] v, StageTrace stage) {
        return new RetrievalTask(task, v, route, packet, retrieval, plan, append(stage));
    }

    public RetrievalTask withRoute(ModuleRoute r, StageTrace stage) {
        return new RetrievalTask(task, vector, r, packet, retrieval, plan, append(stage));
    }

    public RetrievalTask withRetrieval(SchemaContextPacket p, RetrievalTrace t, StageTrace stage) {
        return new RetrievalTask(task, null, route, p, t, plan, append(stage));
    }

    /** The packet after a later stage changed it (pre-SQL backward recall). */
    public RetrievalTask withPacket(SchemaContextPacket p, StageTrace stage) {
        return new RetrievalTask(task, vector, route, p, retrieval, plan, append(stage));
    }

    public RetrievalTask withPlan(JoinPlan p, StageTrace stage) {
        return new RetrievalTask(task, vector, route, packet, retrieval, p, append(stage));
    }

    /** The keyed-state key of the join planner: the database and the routed modules. */
    public String planKey() {
        List<String> modules = packet == null ? List.of() : new ArrayList<>(packet.modules());
        Collections.sort(modules);
        return task.question().db() + "|" + String.join(",", modules);
    }

    private List<StageTrace> append(StageTrace stage) {
        List<StageTrace> out = new ArrayList<>(stages);
        out.add(stage);
        return out;
    }
}
