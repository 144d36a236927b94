// The page in Debian's headless Chromium (software WebGL through SwiftShader): opens the menu and
// prints the time from navigation to its first frame, starts each scenario and saves a screenshot
// of it, then loads each replay recorded by the native build and prints the final state hash the
// page logs. Then the saves in the page's storage: an autosave survives a reload and is offered to
// continue, broken entries are listed as broken, and a full storage gets a message while the last
// save stays whole; a file loaded under a save's name is kept beside it; one's own battle files
// picked land in the storage and play; the editor's script draws a battle, saves it to the storage
// and plays it; a bad address option is
// said; the layout check passes at 1024x768 and 1280x800. Last, without WebGL2, the page must say so. Fails on a console error, a broken
// check, or when the page never says it started.
//
// node smoke.mjs URL SCREENSHOT_DIR SCENARIO,SCENARIO... REPLAY_FILE...
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { basename } from "node:path";

// playwright-core lives with the web tools (tools/install-web-tools.sh), not in the repository.
const { chromium } = createRequire(import.meta.url)(process.env.PLAYWRIGHT_CORE || "playwright-core");

const [url, screenshotDir, scenarios, ...replayFiles] = process.argv.slice(2);
const WAIT_MS = 240_000;
// The layout check opens all eleven battles in software WebGL: about 3.5 minutes a size here.
const LAYOUT_WAIT_MS = 900_000;

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
  const lines = [];
  page.on("console", (m) => {
    console.log(`console.${m.type()}: ${m.text()}`);
    lines.push(m.text());
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

  await ownBattles(page, said);
  await editor(page, said);
  await saves(page, said, lines, scenarios.split(",")[0]);
  await nothingLost(page, said, scenarios.split(",")[0]);
  for (const [width, height] of [[1024, 768], [1280, 800]]) await layout(width, height);
} catch (e) {
  console.log(`failed: ${e}`);
  failed = true;
} finally {
  await browser.close();
}

// A check of the page: a failure throws, which fails the run.
function check(holds, what) {
  if (!holds) throw new Error(what);
  console.log(`checked: ${what}`);
}

// Presses E (end the phase; twice where the game asks first) on the board until `done` gives
// something, or gives up after two minutes (software WebGL is slow to show each command).
async function pressUntil(page, done) {
  await page.focus("#strategos");
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const result = await done();
    if (result) return result;
    await page.keyboard.press("KeyE");
    await page.waitForTimeout(700);
  }
  return done();
}

// One's own battle: a scenario and the army list it names, picked as files, land in the page's
// storage; the menu lists them and a broken file with its error; the battle starts by its id, and
// its autosave is the game to continue, since its scenario reopens from the storage by that id.
async function ownBattles(page, said) {
  const get = (key) => page.evaluate((k) => localStorage.getItem(k), key);
  const names = ["swidenth-test-battle.ron", "swidenth-test.ron"];
  const files = names.map((name) => ({ name, mimeType: "text/plain", buffer: readFileSync(new URL(`../armies/${name}`, import.meta.url)) }));
  await page.goto(`${url}/`);
  await page.setInputFiles("#battle-files", files);
  for (let i = 0; i < 50 && (await get(`strategos/battles/${names[1]}`)) === null; i++) await page.waitForTimeout(100);
  check((await get(`strategos/battles/${names[0]}`)) !== null, "picked battle files land in the page's storage");
  await page.evaluate(() => localStorage.setItem("strategos/battles/broken-battle.ron", 'Scenario(id: "broken"'));
  const listing = said("strategos: your battles in");
  await page.goto(`${url}/`);
  const listed = (await listing).text();
  check(listed.includes("swidenth-test-battle.ron: battle 'swidenth-test-battle' (swidenth)"), `the menu lists the battle (${listed})`);
  check(listed.includes("swidenth-test.ron: army list"), "the menu lists the army list");
  check(listed.includes("broken-battle.ron: refused: broken-battle.ron"), "a broken battle file is listed with its error");
  const started = said("strategos: battle started");
  await page.goto(`${url}/?scenario=swidenth-test-battle&computer=1&seed=5`);
  await started;
  await page.waitForTimeout(3000);
  const screenshot = `${screenshotDir}/web-own-battle.png`;
  await page.screenshot({ path: screenshot });
  console.log(`screenshot: ${screenshot}`);
  const expected = "autosave-swidenth-test-battle-5.ron";
  const name = await pressUntil(page, async () => (await get("strategos/continue")) === expected && expected);
  check(name === expected, `one's own battle is the game to continue (${expected})`);
}

// The saves in the page's storage, through a game of `scenario` against the computer.
async function saves(page, said, lines, scenario) {
  const get = (key) => page.evaluate((k) => localStorage.getItem(k), key);

  // A command leaves an autosave, recorded as the game to continue.
  let started = said("strategos: battle started");
  await page.goto(`${url}/?scenario=${scenario}&computer=1&seed=5`);
  await started;
  await page.waitForTimeout(2000);
  const expected = `autosave-${scenario}-5.ron`;
  const name = await pressUntil(page, async () => (await get("strategos/continue")) === expected && expected);
  check(name === expected, `a command leaves an autosave to continue (${expected})`);
  const autosave = await get(`strategos/saves/${name}`);

  // After a reload the menu still lists it and offers it; a broken entry and a cut save are listed
  // as what they are.
  await page.evaluate((cut) => {
    localStorage.setItem("strategos/saves/broken.ron", "(not a save");
    localStorage.setItem("strategos/saves/cut.ron", cut);
  }, autosave.slice(0, autosave.length >> 1));
  const listing = said("strategos: to continue:");
  await page.goto(`${url}/`);
  const listed = (await listing).text();
  check(listed.includes(`to continue: ${name};`), "the menu, reloaded, offers the autosave to continue");
  check(new RegExp(`${name.replace(/[.]/g, "[.]")}: [^|]* turn \\d`).test(listed), "the menu, reloaded, lists the autosave with its turn");
  check(listed.includes("broken.ron: not a game this build reads"), "a broken entry is listed as such");
  check(listed.includes("cut.ron: not a game this build reads"), "a cut save is listed as such");
  const refused = said("strategos: broken.ron");
  await page.goto(`${url}/?watch=broken.ron`);
  console.log(`watching broken.ron: ${(await refused).text()}`);

  // Gone on with after the reload, in a storage filled to the brim: the next autosave fails with
  // a message, and the save in storage stays as it was.
  started = said("strategos: battle started");
  await page.goto(`${url}/?resume=${encodeURIComponent(name)}`);
  await started;
  await page.waitForTimeout(2000);
  const { fillers, before } = await page.evaluate((key) => {
    let chunk = "x".repeat(1 << 20);
    let fillers = 0;
    while (chunk.length > 0) {
      try {
        localStorage.setItem(`filler/${fillers}`, chunk);
        fillers += 1;
      } catch (e) {
        chunk = chunk.slice(0, chunk.length >> 1);
      }
    }
    return { fillers, before: localStorage.getItem(key) };
  }, `strategos/saves/${name}`);
  console.log(`storage filled with ${fillers} entries`);
  const failure = await pressUntil(page, () => lines.find((l) => l.includes("autosave failed")));
  check(failure && failure.includes("full or refused"), `a full storage is said (${failure})`);
  check((await get(`strategos/saves/${name}`)) === before, "the save in a full storage is kept whole");
  const screenshot = `${screenshotDir}/web-storage-full.png`;
  await page.screenshot({ path: screenshot });
  console.log(`screenshot: ${screenshot}`);
  await page.evaluate((n) => {
    for (let i = 0; i < n; i++) localStorage.removeItem(`filler/${i}`);
  }, fillers);
}

// A file loaded under the name of a save already kept is kept beside it, and the save stays; an
// address option that does not read is said, as a bad file is.
async function nothingLost(page, said, scenario) {
  const get = (key) => page.evaluate((k) => localStorage.getItem(k), key);
  await page.goto(`${url}/`);
  const name = `autosave-${scenario}-5.ron`;
  const kept = await get(`strategos/saves/${name}`);
  check(kept !== null, `the autosave ${name} is among the saves`);
  await page.setInputFiles("#replay-file", { name, mimeType: "text/plain", buffer: Buffer.from("(another game of the same name") });
  const twin = `autosave-${scenario}-5 (2).ron`;
  for (let i = 0; i < 50 && (await get(`strategos/saves/${twin}`)) === null; i++) await page.waitForTimeout(100);
  check((await get(`strategos/saves/${name}`)) === kept, "a file loaded under a save's name leaves the save as it was");
  check((await get(`strategos/saves/${twin}`)) === "(another game of the same name", `the file is kept beside it, as ${twin}`);
  const refused = said("the page's address");
  await page.goto(`${url}/?level=bogus`);
  const line = (await refused).text();
  check(line.includes("unknown level 'bogus'"), `a bad address option is said (${line})`);
}

// The battle editor in the page (`?check=editor`): its script draws a battle from the "New battle"
// window, saves it to the page's storage, plays it hotseat and comes back to the editor, and says so.
async function editor(page, said) {
  const get = (key) => page.evaluate((k) => localStorage.getItem(k), key);
  const done = said("strategos: editor check:");
  await page.goto(`${url}/?check=editor`);
  const line = (await done).text();
  console.log(`page: ${line}`);
  const screenshot = `${screenshotDir}/web-editor.png`;
  await page.screenshot({ path: screenshot });
  console.log(`screenshot: ${screenshot}`);
  const file = /Saved as (\S+) in/.exec(line);
  check(file !== null, `the editor saved its battle (${line})`);
  const text = await get(`strategos/battles/${file[1]}`);
  check(text !== null && text.includes("w=") && text.includes("Hedge"), "the battle drawn is in the page's storage, its bridge and hedge with it");
  const listing = said("strategos: your battles in");
  await page.goto(`${url}/`);
  check((await listing).text().includes(`${file[1]}: battle`), "the menu lists the battle drawn among one's battles");
}

// The layout check at one window size, in a page of its own: every control of the menu and the
// top bar inside the window, for every bundled battle, as the page logs it.
async function layout(width, height) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  const report = page.waitForEvent("console", { predicate: (m) => m.text().includes("strategos: layout check:"), timeout: LAYOUT_WAIT_MS });
  await page.goto(`${url}/?check=layout`);
  const line = (await report).text();
  const screenshot = `${screenshotDir}/web-layout-${width}x${height}.png`;
  await page.screenshot({ path: screenshot });
  console.log(`screenshot: ${screenshot}`);
  await page.close();
  check(line.includes("every control inside the window"), `${width}x${height}: ${line}`);
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
