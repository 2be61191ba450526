import { csvCell } from './report-csv.js';

describe('csvCell', () => {
  test.each([
    ['plain', 'plain'],
    ['db, primary', '"db, primary"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  test('numbers are written as they are (a negative number is not text a person typed); null is empty', () => {
    expect(csvCell(-18.24)).toBe('-18.24');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
  });
});
