import { describe, expect, it } from 'vitest';
import { CLAIMS_CSV_HEADER, csvLine } from '../../../src/runtime/claim/claimsCsv';

describe('csvLine', () => {
  it('quotes every field, doubles quotes and ends with CRLF', () => {
    expect(csvLine(['VC-1', 'Sam "Sammy" Jones', 'a,b', null, 'two\nlines'])).toBe(
      '"VC-1","Sam ""Sammy"" Jones","a,b","","two\nlines"\r\n',
    );
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx', 'ok=1'])).toBe(
      `"'=HYPERLINK(""x"")","'+1","'-2","'@SUM(A1)","'\tx","ok=1"\r\n`,
    );
  });

  it('defuses full-width formula characters, and ones hidden behind invisible characters', () => {
    const fields = ['＝1+1', '＋1', '－2', '＠SUM(A1)', '\u200B=1', '\uFEFF@x', '\u202E=1', ' =1'];
    expect(csvLine(fields)).toBe(`${fields.map((field) => `"'${field}"`).join(',')}\r\n`);
    // Text that merely contains them later is left as it is.
    expect(csvLine(['Sam ＝ Jones', 'a-b'])).toBe('"Sam ＝ Jones","a-b"\r\n');
  });

  it('has a header naming every column', () => {
    expect(csvLine(CLAIMS_CSV_HEADER)).toBe(
      '"Reference","Claimant","Email","Phone","Subject","Funnel","Stage","Sent at","Stage changed at"\r\n',
    );
  });
});
