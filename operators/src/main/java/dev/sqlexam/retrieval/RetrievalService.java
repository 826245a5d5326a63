package dev.sqlexam.retrieval;

import dev.sqlexam.model.ModuleRoute;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalScores;
import dev.sqlexam.model.RetrievalTrace;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.prompt.ConfusableTables;
import dev.sqlexam.schema.ModuleAssigner;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Schema retrieval for a question, in plain Java: route, run V1 and V2 (the configured one feeds
 * the prompt, both are measured), add doc-RAG chunks, and build the schema context packet.
 * Catalogs, routers and documentation are loaded once per database.
 */
public final class RetrievalService {

    /** The packet for the prompt and the trace for the log. */
    public record Outcome(SchemaContextPacket packet, RetrievalTrace trace) {}

    private record Database(
            SchemaCatalog catalog,
            ModuleRouter router,
            DocRetriever docs,
            ConfusableTables confusables) {}

    private final RagStore store;
    private final String model;
    private final int dimensions;
    private final RetrievalConfig config;
    private final Path migrationsDir;
    private final Map<String, Database> databases = new ConcurrentHashMap<>();

    public RetrievalService(
            RagStore store,
            String model,
            int dimensions,
            RetrievalConfig config,
            Path migrationsDir) {
        this.store = store;
        this.model = model;
        this.dimensions = dimensions;
        this.config = config;
        this.migrationsDir = migrationsDir;
    }

    private Database database(String db) {
        return databases.computeIfAbsent(
                db,
                name -> {
                    try {
                        SchemaCatalog catalog =
                                new SchemaCatalog(
                                        name, store.tables(name, model), store.foreignKeys(name));
                        if (catalog.tables().isEmpty()) {
                            throw new IllegalStateException(
                                    "database '"
                                            + name
                                            + "' is not indexed for "
                                            + model
                                            + ": run ./sqlexam index --db "
                                            + name);
                        }
                        ModuleAssigner modules = ModuleAssigner.forDatabase(migrationsDir, name);
                        ModuleRouter router =
                                new ModuleRouter(
                                        modules.keywords(),
                                        store.moduleEmbeddings(name, model),
                                        config.router().threshold(),
                                        config.router().max());
                        DocRetriever docs =
                                DocRetriever.forFolder(migrationsDir.resolve(name).resolve("docs"));
                        return new Database(
                                catalog,
                                router,
                                docs,
                                ConfusableTables.forDatabase(migrationsDir, name));
                    } catch (SQLException e) {
                        throw new IllegalStateException(
                                "cannot load the index of '" + name + "': " + e.getMessage(), e);
                    }
                });
    }

    public ModuleRoute route(String db, String question, float[] vector) {
        if (!config.router().enabled()) return new ModuleRoute(null, "disabled", Map.of());
        return database(db).router().route(question, vector);
    }

    public Outcome retrieve(
            String db, String question, float[] vector, ModuleRoute route, List<String> goldTables)
            throws SQLException {
        long start = System.nanoTime();
        Database d = database(db);
        SchemaCatalog catalog = d.catalog();
        if (QuestionTerms.of(question).isEmpty()) {
            return new Outcome(
                    emptyPacket(db, route),
                    RetrievalTrace.failed("the question has no words to retrieve with"));
        }
        RetrievalContext ctx = new RetrievalContext(catalog, model, dimensions, config);
        DocRetriever.DocResult doc =
                config.docs().enabled()
                        ? d.docs().retrieve(question, catalog.tables().size(), config)
                        : new DocRetriever.DocResult(
                                "off", "ENABLE_DOC_RETRIEVAL is off", List.of(), Set.of());
        Selection selection = select(ctx, question, vector, route);
        Set<String> docTables = new LinkedHashSet<>(doc.tables());
        doc.tables().forEach(t -> docTables.addAll(catalog.parents(t)));
        Set<String> names = new LinkedHashSet<>();
        selection.tables().forEach(t -> names.add(t.name()));
        SchemaContextPacket packet =
                new SchemaContextPacket(
                        db,
                        selection.strategy(),
                        selection.tables(),
                        catalog.edgesAmong(names),
                        route.modules() == null ? catalog.modules() : route.modules(),
                        docChunks(doc),
                        d.confusables().warnings(question, names));
        long micros = (System.nanoTime() - start) / 1_000;
        return new Outcome(
                packet, trace(selection, route, packet, goldTables, doc, docTables, micros));
    }

    /** How the packet's tables were chosen, the tables, and what V1 and V2 retrieved. */
    private record Selection(
            String strategy, List<PacketTable> tables, RetrievalResult v1, RetrievalResult v2) {}

    /**
     * The whole schema below fullSchemaBelowTables tables; otherwise V1 and V2 both run and the
     * configured one's tables feed the packet.
     */
    private Selection select(
            RetrievalContext ctx, String question, float[] vector, ModuleRoute route)
            throws SQLException {
        SchemaCatalog catalog = ctx.catalog();
        if (catalog.tables().size() < config.fullSchemaBelowTables()) {
            List<PacketTable> tables = new ArrayList<>();
            for (RagStore.StoredTable t : catalog.tables().values()) {
                tables.add(
                        new PacketTable(
                                t.table(), t.module(), t.mSchema(), 1.0, PacketTable.FULL_SCHEMA));
            }
            RetrievalResult whole = new RetrievalResult(RetrieverV1.NAME, tables, null);
            return new Selection("full_schema", tables, whole, whole);
        }
        String strategy = config.useV2() ? "rag_v2" : "rag_v1";
        RetrieverV1 retrieverV1 = new RetrieverV1(ctx);
        RetrieverV2 retrieverV2 = new RetrieverV2(ctx);
        List<SearchRequest> planned = new ArrayList<>();
        planned.addAll(retrieverV1.searches(question, vector, route.modules()));
        planned.addAll(retrieverV2.searches(question, vector, route.modules()));
        SchemaSearch search = new PrefetchedSearch(store, planned);
        RetrievalResult v1 = retrieverV1.retrieve(question, vector, route.modules(), search);
        RetrievalResult v2 = retrieverV2.retrieve(question, vector, route.modules(), search);
        List<PacketTable> tables = new ArrayList<>((config.useV2() ? v2 : v1).tables());
        return new Selection(strategy, tables, v1, v2);
    }

    private static List<String> docChunks(DocRetriever.DocResult doc) {
        return doc.chunks().stream()
                .map(
                        s ->
                                s.chunk().table()
                                        + " ("
                                        + s.chunk().chunkType()
                                        + "): "
                                        + s.chunk().content())
                .toList();
    }

    private RetrievalTrace trace(
            Selection selection,
            ModuleRoute route,
            SchemaContextPacket packet,
            List<String> goldTables,
            DocRetriever.DocResult doc,
            Set<String> docTables,
            long micros) {
        RetrievalResult v1 = selection.v1();
        RetrievalResult v2 = selection.v2();
        return RetrievalTrace.of(
                        selection.strategy(), config.useV2() ? RetrieverV2.NAME : RetrieverV1.NAME)
                .route(route.method(), route.modules(), route.confidences())
                .tables(packet.tableNames())
                .sources(selection.tables().stream().map(PacketTable::source).toList())
                .v1(v1.tableNames(), scores(v1, goldTables), v1.metrics())
                .v2(v2.tableNames(), scores(v2, goldTables), v2.metrics())
                .doc(doc.strategy(), doc.reason(), new ArrayList<>(docTables))
                .retrieveMicros(micros)
                .build();
    }

    /** How {@code result}'s tables score against the gold's (null: no gold tables). */
    private static RetrievalScores scores(RetrievalResult result, List<String> goldTables) {
        return goldTables.isEmpty() ? null : RetrievalScores.of(result.tableNames(), goldTables);
    }

    /**
     * Merges into the packet the tables a sketch SQL names that retrieval missed (PRE_SQL_ENABLED).
     */
    public BackwardRecall.Recall recall(SchemaContextPacket packet, String sketchSql) {
        return BackwardRecall.recall(
                database(packet.databaseId()).catalog(),
                packet,
                BackwardRecall.referenced(sketchSql));
    }

    private static SchemaContextPacket emptyPacket(String db, ModuleRoute route) {
        return new SchemaContextPacket(
                db,
                "none",
                List.of(),
                List.of(),
                route.modules() == null ? List.of() : route.modules(),
                List.of(),
                List.of());
    }
}
