package io.fuxi.it;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium, driven through Debian's chromedriver: both paths are given, so Selenium never tries to
 * download a browser or a driver. When either is missing the test fails and says how to install them.
 */
public final class ConsoleBrowser implements AutoCloseable {

    static final File CHROMIUM = new File("/usr/bin/chromium");
    static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of(System.getProperty("fuxi.it.screenshots", "target/screenshots"));

    private final ChromeDriver driver;
    private final Path profile;
    private final String base;

    private ConsoleBrowser(ChromeDriver driver, Path profile, String base) {
        this.driver = driver;
        this.profile = profile;
        this.base = base;
    }

    /** A new browser, with a fresh profile (no cookies), sized like a laptop's screen. */
    public static ConsoleBrowser open(URL base) {
        for (File binary : new File[] {CHROMIUM, CHROMEDRIVER}) {
            if (!binary.canExecute()) {
                throw new IllegalStateException(binary + " is missing: the console tests need Debian's chromium and"
                        + " chromium-driver (apt-get install chromium chromium-driver; .ci/run installs them)");
            }
        }
        try {
            Path profile = Files.createTempDirectory("fuxi-chromium-");
            Path downloads = Files.createDirectories(profile.resolve("downloads"));
            ChromeOptions options = new ChromeOptions()
                    .setExperimentalOption(
                            "prefs",
                            java.util.Map.of(
                                    "download.default_directory",
                                    downloads.toString(),
                                    "download.prompt_for_download",
                                    false))
                    .setBinary(CHROMIUM)
                    .addArguments(
                            "--headless=new",
                            "--no-sandbox",
                            "--disable-gpu",
                            "--disable-dev-shm-usage",
                            "--user-data-dir=" + profile);
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(CHROMEDRIVER)
                    .usingAnyFreePort()
                    .build();
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().window().setSize(new Dimension(1280, 900));
            String root = base.toString().endsWith("/") ? base.toString() : base + "/";
            return new ConsoleBrowser(driver, profile, root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ConsoleBrowser go(String path) {
        driver.get(base + path);
        return this;
    }

    /** Waits for a file the browser downloads to arrive whole, and returns its path. */
    public Path download(String name) {
        Path file = profile.resolve("downloads").resolve(name);
        new WebDriverWait(driver, Duration.ofSeconds(60))
                .until(d -> Files.exists(file) && !Files.exists(file.resolveSibling(name + ".crdownload")));
        return file;
    }

    public ChromeDriver driver() {
        return driver;
    }

    /** Imports the CSV file for the bootstrap key on the console's import page, and waits until it has finished. */
    public void importCsv(Path file, Duration atMost) {
        go("admin/links/import.xhtml");
        new Select(waitFor(By.id("import:owner"))).selectByVisibleText("bootstrap (1, admin)");
        driver.findElement(By.cssSelector("input[type=file]")).sendKeys(file.toString());
        clickAndAwaitNewPage(By.id("import:start"));
        await(
                "import",
                atMost,
                page -> page.findElement(By.id("finished")).getText().equals("Finished."));
    }

    /** Signs in on the sign-in page the browser is sent to, and waits for the page after it. */
    public ConsoleBrowser signIn(String username, String password) {
        go("admin/");
        submitSignIn(username, password);
        return this;
    }

    public void submitSignIn(String username, String password) {
        WebElement name = waitFor(By.id("sign-in:username"));
        name.clear();
        name.sendKeys(username);
        WebElement secret = driver.findElement(By.cssSelector("#sign-in\\:password, #sign-in\\:password input"));
        secret.clear();
        secret.sendKeys(password);
        clickAndAwaitNewPage(By.id("sign-in:submit"));
    }

    /** Clicks something that posts a form or follows a link, and waits until the next page has loaded. */
    public void clickAndAwaitNewPage(By what) {
        driver.executeScript("document.documentElement.dataset.left = 'yes'");
        driver.findElement(what).click();
        awaitNewPage();
    }

    private void awaitNewPage() {
        new WebDriverWait(driver, Duration.ofSeconds(20))
                .until(d -> Boolean.TRUE.equals(
                        driver.executeScript("return document.documentElement.dataset.left === undefined"
                                + " && document.readyState === 'complete'")));
    }

    /**
     * Clicks and waits until the Ajax answer has replaced the element with this id: the element is marked before the
     * click, and the one that answers carries no mark.
     */
    public void clickAndAwaitUpdate(By button, String updatedId) {
        driver.executeScript("document.getElementById(arguments[0]).dataset.stale = 'yes'", updatedId);
        driver.findElement(button).click();
        awaitUpdate(updatedId);
    }

    private void awaitUpdate(String updatedId) {
        new WebDriverWait(driver, Duration.ofSeconds(20))
                .ignoring(StaleElementReferenceException.class)
                .until(d -> d.findElement(By.id(updatedId)).getDomAttribute("data-stale") == null);
    }

    /**
     * Presses Tab until the focused element meets the condition (a script expression on {@code el}), checking on the
     * way that every element the focus reaches shows it (an outline or a shadow).
     */
    public void tabTo(String what, String condition) {
        for (int press = 0; press < 80; press++) {
            new Actions(driver).sendKeys(Keys.TAB).perform();
            String described = (String) driver.executeScript("""
                    const el = document.activeElement, style = getComputedStyle(el);
                    const shown = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
                        || style.boxShadow !== 'none';
                    return (shown ? '' : 'no focus shown: ') + el.tagName + '#' + el.id + ' ' + el.textContent.trim();""");
            if (described.startsWith("no focus shown")) {
                screenshot("focus-not-shown");
                throw new AssertionError(described);
            }
            if (Boolean.TRUE.equals(
                    driver.executeScript("const el = document.activeElement; return " + condition + ";"))) {
                return;
            }
        }
        screenshot("tab-to-" + what);
        throw new AssertionError("80 presses of Tab did not reach " + what);
    }

    /** Presses a key on the focused element and waits until the next page has loaded. */
    public void pressAndAwaitNewPage(CharSequence key) {
        driver.executeScript("document.documentElement.dataset.left = 'yes'");
        driver.switchTo().activeElement().sendKeys(key);
        awaitNewPage();
    }

    /** Presses a key on the focused element and waits until the Ajax answer has replaced the element with this id. */
    public void pressAndAwaitUpdate(CharSequence key, String updatedId) {
        driver.executeScript("document.getElementById(arguments[0]).dataset.stale = 'yes'", updatedId);
        driver.switchTo().activeElement().sendKeys(key);
        awaitUpdate(updatedId);
    }

    /** Waits for the condition (elements replaced meanwhile are looked up again); on a timeout saves a screenshot. */
    public void await(String what, Duration atMost, java.util.function.Function<ChromeDriver, Boolean> condition) {
        try {
            new WebDriverWait(driver, atMost)
                    .ignoring(StaleElementReferenceException.class)
                    .until(d -> condition.apply(driver));
        } catch (org.openqa.selenium.TimeoutException e) {
            screenshot("timed-out-" + what);
            throw new AssertionError("timed out after " + atMost + " waiting for " + what + " (screenshot saved)", e);
        }
    }

    public WebElement waitFor(By what) {
        return new WebDriverWait(driver, Duration.ofSeconds(20))
                .until(ExpectedConditions.visibilityOfElementLocated(what));
    }

    public String text(By what) {
        return waitFor(what).getText();
    }

    public String title() {
        return driver.getTitle();
    }

    public String path() {
        return driver.getCurrentUrl().substring(base.length() - 1);
    }

    public Cookie cookie(String name) {
        return driver.manage().getCookieNamed(name);
    }

    /** Saves what the browser shows as target/screenshots/NAME.png. */
    public void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Files.write(SCREENSHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
