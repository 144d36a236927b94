// The page in Debian's headless Chromium (software WebGL through SwiftShader): opens the menu and
// prints the time from navigation to its first frame, starts each scenario and saves a screenshot
// of it, then loads each replay recorded by the native build and prints the final state hash the
// page logs; last, without WebGL2, the page must say so. Fails on a console error or when the page
// never says it started.
//
// node smoke.mjs URL SCREENSHOT_DIR SCENARIO,SCENARIO... REPLAY_FILE...
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { basename } from "node:path";

// playwright-core lives with the web tools (tools/install-web-tools.sh), not in the repository.
const { chromium } = createRequire(import.meta.url)(process.env.PLAYWRIGHT_CORE || "playwright-core");

const [url, screenshotDir, scenarios, ...replayFiles] = process.argv.slice(2);
const WAIT_MS = 240_000;

const launch = (extra) => chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    ...extra,
    "--no-sandbox",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const browser = await launch(["--use-angle=swiftshader", "--enable-unsafe-swiftshader"]);
const errors = [];
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("console", (m) => {
    console.log(`console.${m.type()}: ${m.text()}`);
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  const said = (text) => page.waitForEvent("console", { predicate: (m) => m.text().includes(text), timeout: WAIT_MS });

  // The menu from a cold page: the time from navigation to its first frame, as the page logs it.
  const firstFrame = said("strategos: first frame");
  await page.goto(`${url}/`);
  console.log(`menu: ${(await firstFrame).text()}`);

  // Each scenario straight from the address, the computer playing side 1.
  for (const scenario of scenarios.split(",")) {
    const started = said("strategos: battle started");
    await page.goto(`${url}/?scenario=${scenario}&computer=1`);
    await started;
    await page.waitForTimeout(3000);
    const screenshot = `${screenshotDir}/web-${scenario}.png`;
    await page.screenshot({ path: screenshot });
    console.log(`screenshot: ${screenshot}`);
  }

  // Each native replay put in the page's storage, then watched to its end.
  for (const replayFile of replayFiles) {
    const name = basename(replayFile);
    await page.evaluate(([key, text]) => localStorage.setItem(key, text), [`strategos/saves/${name}`, readFileSync(replayFile, "utf8")]);
    const hash = said("strategos: final state hash");
    await page.goto(`${url}/?watch=${encodeURIComponent(name)}`);
    const line = (await hash).text();
    console.log(`page ${name}: ${line}`);
  }
} catch (e) {
  console.log(`failed: ${e}`);
  failed = true;
} finally {
  await browser.close();
}

// Without WebGL2 the page explains itself instead of failing.
const bare = await launch(["--disable-webgl2"]);
try {
  const page = await bare.newPage();
  await page.goto(`${url}/`);
  const notice = await page.textContent("#notice p");
  console.log(`without WebGL2: ${notice}`);
  if (!notice.includes("no WebGL2")) failed = true;
} catch (e) {
  console.log(`failed without WebGL2: ${e}`);
  failed = true;
} finally {
  await bare.close();
}
if (errors.length > 0) {
  console.log(`console errors: ${errors.length}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
