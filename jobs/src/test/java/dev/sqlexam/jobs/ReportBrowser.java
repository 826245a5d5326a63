package dev.sqlexam.jobs;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

/**
 * Debian's headless chromium driven through its chromedriver. Where they are not installed
 * (./sqlexam test installs them as root) the browser tests are skipped, and say so loudly on the
 * console.
 */
public final class ReportBrowser implements AutoCloseable {

    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    public final ChromeDriver driver;

    private ReportBrowser(ChromeDriver driver) {
        this.driver = driver;
    }

    public static ReportBrowser open() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
            String message =
                    "SKIPPED: the report's browser test needs chromium and chromium-driver ("
                            + CHROMIUM
                            + ", "
                            + DRIVER
                            + "); ./sqlexam test installs them, or: sudo apt-get install -y chromium chromium-driver";
            System.err.println(
                    "\n" + "!".repeat(100) + "\n" + message + "\n" + "!".repeat(100) + "\n");
            Assumptions.abort(message);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--disable-gpu",
                "--window-size=1400,2400",
                "--allow-file-access-from-files");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(DRIVER.toFile())
                        .usingAnyFreePort()
                        .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
        return new ReportBrowser(driver);
    }

    /** The browser console's errors and warnings since the last call. */
    public List<String> consoleProblems() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue())
                .map(LogEntry::getMessage)
                .toList();
    }

    /**
     * Per chart: the filled SVG shapes it drew, less its legend's icons: the marks that show data.
     */
    @SuppressWarnings("unchecked")
    public Map<String, Long> marksPerChart() {
        return (Map<String, Long>)
                ((JavascriptExecutor) driver)
                        .executeScript(
                                """
                const out = {};
                for (const [id, chart] of Object.entries(window.sqlexamCharts)) {
                  const node = document.getElementById(id);
                  if (node.offsetParent === null) continue;
                  const filled = [...node.querySelectorAll('svg path, svg rect')].filter(p => {
                    const f = p.getAttribute('fill'); return f && f !== 'none' && f !== 'transparent';
                  }).length;
                  const legend = ((chart.getOption().legend || [])[0] || {}).data || [];
                  const lines = [...node.querySelectorAll('svg path')].filter(p => p.getAttribute('fill') === 'none').length;
                  out[id] = filled - legend.length + (chart.getOption().series.some(s => s.type === 'boxplot' || s.type === 'line') ? lines : 0);
                }
                return out;""");
    }

    @Override
    public void close() {
        driver.quit();
    }
}
