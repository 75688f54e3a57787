/**
 * Counts the records of a CSV text arriving in pieces (RFC 4180): a line break inside a quoted
 * field belongs to the field, a doubled quote inside one is a quote, and the last record may
 * end without a line break. CRLF and LF both end a record.
 */
export function createRecordCounter() {
  let quoted = false;
  let records = 0;
  /** Characters of a record not yet ended by a line break. */
  let open = false;
  return {
    push(text: string): void {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 34 /* " */) {
          // "" inside a quoted field toggles twice: still quoted.
          quoted = !quoted;
          open = true;
        } else if (c === 10 /* \n */ && !quoted) {
          records += 1;
          open = false;
        } else if (c !== 13 /* \r */ && c !== 0xfeff /* byte order mark */) {
          open = true;
        }
      }
    },
    /** Records ended by a line break so far, the header included. */
    get ended(): number {
      return records;
    },
    /** Every record once the text is whole: the last one may lack its line break. */
    get total(): number {
      return records + (open ? 1 : 0);
    },
  };
}
