package dev.sqlexam.jobs.report;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import com.fasterxml.jackson.databind.JsonNode;
import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * report.html: one self-contained page (the chart library, styles, script and data inlined; no
 * network) rendered by FreeMarker from {@code report/report.ftlh}, drawing {@link ReportData}.
 */
public final class HtmlReport {

    static final String ECHARTS = "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

    private HtmlReport() {}

    /** Writes {@code outDir/report.html} and returns its path. */
    public static Path write(
            Path outDir,
            JsonNode summary,
            Iterable<ExamRecord> records,
            List<JsonNode> disagreements)
            throws IOException {
        return render(
                outDir.resolve("report.html"),
                "report.ftlh",
                "report/report.js",
                "sqlexam run " + summary.path("run_id").asText(),
                ReportData.of(summary, records, disagreements));
    }

    /**
     * One page from a template of {@code report/}, its script and the shared styles and chart
     * library inlined, {@code data} as JSON.
     */
    static Path render(Path file, String templateName, String script, String title, Object data)
            throws IOException {
        String json =
                Json.MAPPER
                        .writeValueAsString(data)
                        .replace("</", "<\\/")
                        .replace("<!--", "<\\!--");
        Map<String, Object> model =
                Map.of(
                        "title",
                        title,
                        "echarts",
                        resource(ECHARTS),
                        "script",
                        resource(script),
                        "style",
                        resource("report/report.css"),
                        "data",
                        json);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            template(templateName).process(model, out);
        } catch (TemplateException e) {
            throw new IllegalStateException("cannot render " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    private static Template template(String name) throws IOException {
        Configuration cfg = new Configuration(Configuration.VERSION_2_3_34);
        cfg.setClassForTemplateLoading(HtmlReport.class, "/report");
        cfg.setDefaultEncoding("UTF-8");
        cfg.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        cfg.setLogTemplateExceptions(false);
        return cfg.getTemplate(name);
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null)
                throw new IllegalStateException("resource " + name + " is not on the classpath");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }
}
