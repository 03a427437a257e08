/*
 * What a file is, from its first bytes, before any unzipping: an .xlsx is a zip package (it starts
 * with "PK"); an .xls and a password-protected workbook are both OLE compound files (D0 CF 11 E0
 * A1 B1 1A E1), the encrypted one holding its real package in a stream named "EncryptedPackage"
 * ([MS-OFFCRYPTO] 2.3.4.4). Each gets a message that says what to do, since none can be converted.
 */

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Whether `bytes` holds `text` as UTF-16LE (how OLE directory entries spell stream names) or as ASCII. */
function holdsName(bytes: Uint8Array, text: string): boolean {
  const utf16 = text.split("").reduce<number[]>((codes, c) => codes.concat([c.charCodeAt(0), 0]), []);
  const ascii = text.split("").map((c) => c.charCodeAt(0));
  return [utf16, ascii].some((pattern) => {
    for (
      let i = bytes.indexOf(pattern[0]);
      i >= 0 && i <= bytes.length - pattern.length;
      i = bytes.indexOf(pattern[0], i + 1)
    ) {
      let j = 1;
      while (j < pattern.length && bytes[i + j] === pattern[j]) j++;
      if (j === pattern.length) return true;
    }
    return false;
  });
}

/** Why `bytes` cannot be an .xlsx, in words for the user; undefined when it may be one (a zip). */
export function notAWorkbookReason(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return "The file is empty (0 bytes): choose the saved workbook itself.";
  if (OLE_SIGNATURE.every((b, i) => bytes[i] === b)) {
    return holdsName(bytes, "EncryptedPackage")
      ? "This workbook is password-protected (encrypted), so it cannot be read. In Excel, remove the password " +
          "(File > Info > Protect Workbook > Encrypt with Password, clear it), save, and choose the file again."
      : "This is an old Excel 97-2003 workbook (.xls). Open it in Excel, save it as an Excel Workbook (.xlsx), " +
          "and choose that file.";
  }
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    return "This file is not an Excel workbook (.xlsx): an .xlsx is a zip package, and this file is not one.";
  }
  return undefined;
}
