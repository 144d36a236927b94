// The page joins an online game by its link: `strategos serve` serves the page and referees, the
// test made the game and hands this script the link. The page opens it, joins, and must log that
// its battle started; a screenshot shows it. Fails on a console error.
//
// node join.mjs LINK SCREENSHOT
import { createRequire } from "node:module";

// playwright-core lives with the web tools (tools/install-web-tools.sh), not in the repository.
const { chromium } = createRequire(import.meta.url)(process.env.PLAYWRIGHT_CORE || "playwright-core");

const [link, screenshot] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-sandbox", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const errors = [];
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("console", (m) => {
    console.log(`console.${m.type()}: ${m.text()}`);
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  const started = page.waitForEvent("console", { predicate: (m) => m.text().includes("strategos: battle started"), timeout: 240_000 });
  await page.goto(link);
  console.log(`joined: ${(await started).text()}`);
  // A few frames for the board and the connection's line.
  await page.waitForTimeout(3_000);
  await page.screenshot({ path: screenshot });
  console.log(`screenshot: ${screenshot}`);
} catch (e) {
  failed = true;
  console.log(`failed: ${e}`);
}
await browser.close();
console.log(`console errors: ${errors.length}`);
process.exit(failed || errors.length > 0 ? 1 : 0);
