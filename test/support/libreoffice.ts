/*
 * LibreOffice headless as a recalculating spreadsheet engine: opens an .xlsx with a fresh
 * profile set to recalculate every formula on load (never trusting cached values), and saves
 * it again, so the values read back are LibreOffice's own.
 */
import { execFileSync } from "child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { basename, join } from "path";

const RECALC_ON_LOAD = ["OOXMLRecalcMode", "ODFRecalcMode"]
  .map(
    (mode) =>
      `  <item oor:path="/org.openoffice.Office.Calc/Formula/Load">` +
      `<prop oor:name="${mode}" oor:op="fuse"><value>0</value></prop></item>`,
  )
  .join("\n");
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${RECALC_ON_LOAD}
</oor:items>
`;

/** Path of LibreOffice's soffice, or undefined when it is not installed. */
export function sofficePath(): string | undefined {
  for (const candidate of ["/usr/bin/soffice", "/usr/bin/libreoffice", "/usr/lib/libreoffice/program/soffice"]) {
    try {
      execFileSync(candidate, ["--version"], { stdio: "ignore", timeout: 60_000 });
      return candidate;
    } catch {
      /* try the next */
    }
  }
  return undefined;
}

/** Recalculates `xlsxPath` in LibreOffice and returns the path of the file it saved. */
export function recalculateWithLibreOffice(xlsxPath: string): string {
  const soffice = sofficePath();
  if (!soffice) throw new Error("LibreOffice is not installed: apt-get install libreoffice-calc (.ci/run does).");
  const work = mkdtempSync(join(tmpdir(), "mlcost-lo-"));
  const profile = join(work, "profile");
  mkdirSync(join(profile, "user"), { recursive: true });
  writeFileSync(join(profile, "user", "registrymodifications.xcu"), PROFILE_SETTINGS);
  const out = join(work, "out");
  execFileSync(
    soffice,
    [
      `-env:UserInstallation=file://${profile}`,
      "--headless",
      "--norestore",
      "--convert-to",
      "xlsx:Calc MS Excel 2007 XML",
      "--outdir",
      out,
      xlsxPath,
    ],
    { stdio: "pipe", timeout: 180_000 },
  );
  return join(out, basename(xlsxPath));
}
