// Bad inputs in every format, shared by core's reader tests and the CLI's exit-code tests:
// each must give a PuzzleFormatError with this code, 1-based line and message.
import type { FormatName, PuzzleErrorCode } from '../src/index.js';

/** A .nin body: W H, then row lines, then column lines. */
const nin = (header: string, ...lines: string[]) => `${header}\n${lines.join('\n')}\n`;
/** A 2x2 .non with the given rows/columns sections and extra lines. */
const non = (rows: string[], columns: string[], extra = '') =>
  `title "t"\nwidth 2\nheight 2\n\nrows\n${rows.join('\n')}\n\ncolumns\n${columns.join('\n')}\n${extra}`;
/** A JSON arrow path, 2x2, one row of cells per line. */
const arrowJson = (row1: string, row2: string) => `{\n "width": 2,\n "height": 2,\n "grid": [\n  ${row1},\n  ${row2}\n ]\n}\n`;

export type BadInputCase = readonly [name: string, format: FormatName | undefined, file: string, text: string, code: PuzzleErrorCode, line: number | undefined, message: RegExp];

export const BAD_INPUT_CASES: readonly BadInputCase[] = [
  // --- .nin
  ['nin: header is not "W H"', 'nin', 'a.nin', nin('5', '1'), 'bad-header', 1, /^a\.nin:1: the first line should be "WIDTH HEIGHT", found "5"$/],
  ['nin: width 0', 'nin', 'a.nin', nin('0 3', '1'), 'bad-size', 1, /^a\.nin:1: width is 0; it must be at least 1$/],
  ['nin: absurd height', 'nin', 'a.nin', nin('2 20000', '1'), 'bad-size', 1, /^a\.nin:1: height is 20000, over the limit of 10000$/],
  ['nin: malformed number', undefined, 'webpbn-0001.nin', nin('5 6', '1', '1', '1', '1', '1', '3 x', '1', '1', '1', '1', '1'), 'bad-number', 7,
    /^webpbn-0001\.nin:7: row 6 clue "3 x" has a malformed number "x"$/],
  ['nin: negative number', 'nin', 'a.nin', nin('2 2', '1', '-1', '1', '0'), 'bad-number', 3, /^a\.nin:3: row 2 clue "-1" has a negative number "-1"$/],
  ['nin: zero inside a clue', 'nin', 'a.nin', nin('3 1', '1 0 1', '1', '0', '1'), 'bad-number', 2,
    /^a\.nin:2: row 1 clue "1 0 1" has a block of length 0 \(only a lone 0 means an empty line\)$/],
  ['nin: absurdly large number', 'nin', 'a.nin', nin('2 1', '99999999999', '1', '1'), 'bad-number', 2,
    /^a\.nin:2: row 1 clue "99999999999" has an absurdly large number "99999999999" \(the limit is 10000\)$/],
  ['nin: too few clue lines', 'nin', 'a.nin', nin('2 2', '1', '1', '1'), 'line-count', 1,
    /^a\.nin:1: the header asks for 2 row and 2 column lines, but the file has 3 \(lines 2-4\)$/],
  ['nin: too many clue lines', 'nin', 'a.nin', nin('2 2', '1', '1', '1', '1', '2'), 'line-count', 6,
    /^a\.nin:6: line 6 is one more than the 2 row and 2 column lines the header on line 1 asks for$/],
  ['nin: clue longer than its row', 'nin', 'a.nin', nin('2 1', '1 1', '1', '1'), 'clue-too-long', 2, /^a\.nin:2: row 1 clue "1 1" needs 3 cells but the row has 2$/],

  // --- .non
  ['non: no width line', 'non', 'b.non', 'height 2\nrows\n1\n1\n\ncolumns\n1\n1\n', 'bad-header', undefined, /^b\.non: there is no "width N" line$/],
  ['non: width is not a number', 'non', 'b.non', 'width two\nheight 2\n', 'bad-header', 1, /^b\.non:1: width "two" is not a whole number$/],
  ['non: rows has a line too many', 'non', 'b.non', non(['1', '1', '1'], ['1', '1']), 'line-count', 8,
    /^b\.non:8: "rows" \(line 5\) has 3 lines but height is 2; line 8 is one too many$/],
  ['non: columns has a line too few', 'non', 'b.non', non(['1', '1'], ['2']), 'line-count', 9, /^b\.non:9: "columns" has 1 lines but width is 2$/],
  ['non: clue line outside a section', 'non', 'b.non', `${non(['1', '1'], ['1', '1'])}\n2\n`, 'line-count', 13,
    /^b\.non:13: clue line "2" is outside a rows or columns section/],
  ['non: malformed number with commas', undefined, 'b.non', non(['1', '1,,1'], ['1', '1']), 'bad-number', 7, /^b\.non:7: row 2 clue "1,,1" has a malformed number ""$/],
  ['non: goal of the wrong length', 'non', 'b.non', non(['1', '1'], ['1', '1'], '\ngoal "100"\n'), 'size-mismatch', 13,
    /^b\.non:13: goal has 3 cells but width x height is 2 x 2 = 4$/],
  ['non: goal with a bad character', 'non', 'b.non', non(['1', '1'], ['1', '1'], 'goal 1x01\n'), 'bad-solution', 12,
    /^b\.non:12: goal has "x" at \(row 1, column 2\); only 0 and 1 are allowed$/],
  ['non: goal that does not fit the clues', 'non', 'b.non', non(['1', '1'], ['1', '1'], 'goal "1100"\n'), 'bad-solution', 12,
    /^b\.non:12: the solution does not fit the puzzle: row 1: clue 1, grid gives 2 \(and \d+ more\)$/],
  ['non: a second rows section', 'non', 'b.non', `${non(['1', '1'], ['1', '1'])}\nrows\n1\n1\n`, 'bad-header', 13,
    /^b\.non:13: a second "rows" section \(the first starts on line 5\)$/],

  // --- Tatham Pattern
  ['pattern: no size prefix', 'pattern', 'p.txt', '1/1/1/1\n', 'bad-header', 1, /^p\.txt:1: a Pattern game ID starts with its size, "WIDTHxHEIGHT:", found "1\/1\/1\/1"$/],
  ['pattern: wrong number of clues', undefined, 'p.txt', '2x2:1/1/1\n', 'line-count', 1,
    /^p\.txt:1: found 3 clues separated by "\/", a 2x2 Pattern ID has 4 \(2 columns, then 2 rows\)$/],
  ['pattern: malformed number in a clue', 'pattern', 'p.txt', '2x2:1/1/1.x/1\n', 'bad-number', 1, /^p\.txt:1: row 1 clue "1\.x" has a malformed number "x"$/],
  ['pattern: the error is on the second ID', 'pattern', 'p.txt', '2x2:1/1/1/1\n2x2:1/1/3/1\n', 'clue-too-long', 2, /^p\.txt:2: row 1 clue "3" needs 3 cells but the row has 2$/],
  ['pattern: bad character in givens', 'pattern', 'p.txt', '2x2:1/1/1/1,A3\n', 'bad-field', 1,
    /^p\.txt:1: the givens after "," may hold only letters a-z and A-Z; character 2 is "3"$/],
  ['pattern: givens past the end', 'pattern', 'p.txt', '2x2:1/1/1/1,Ae\n', 'given-out-of-range', 1, /^p\.txt:1: the givens run past the end of the 2x2 grid at character 2 \("e"\)$/],

  // --- TAAI
  ['taai: malformed header', 'taai', 't.txt', '$one\n1\n1\n', 'bad-header', 1, /^t\.txt:1: expected a puzzle header such as "\$1" \(a \$ and the puzzle number\), found "\$one"$/],
  ['taai: text before the first header', 'taai', 't.txt', '1\t1\n$1\n', 'bad-header', 1, /^t\.txt:1: expected a puzzle header such as "\$1"/],
  ['taai: odd number of clue lines', undefined, 't.txt', '$1\n1\n1\n2\n0\n$2\n1\n0\n1\n', 'line-count', 6,
    /^t\.txt:6: puzzle \$2 has 3 clue lines \(lines 7-9\); a square puzzle needs as many column lines as row lines$/],
  ['taai: malformed number in the second puzzle', 'taai', 't.txt', '$1\n1\n1\n1\n1\n$2\n1\n1\n1\t?\n1\n', 'bad-number', 9,
    /^t\.txt:9: puzzle \$2 row 1 clue "1\\t\?" has a malformed number "\?"$/],
  ['taai: semantic errors name the puzzle', 'taai', 't.txt', '$1\n1\n1\n1\n1\n$7\n1\n3\n1\n1\n', 'clue-too-long', 8,
    /^t\.txt:8: puzzle \$7: column 2 clue "3" needs 3 cells but the column has 2$/],

  // --- Tatham Signpost
  ['signpost: unknown direction letter', 'signpost', 's.txt', '2x2:1cieb4a\n', 'bad-direction', 1,
    /^s\.txt:1: cell 2 \(row 1, column 2\) has an unknown direction letter "i" \(a\.\.h = N, NE, E, SE, S, SW, W, NW\)$/],
  ['signpost: number outside 1..N', undefined, 's.txt', '2x2:1ce5eb4a\n', 'given-out-of-range', 1, /^s\.txt:1: cell 3 \(row 2, column 1\) is given 5, outside 1\.\.4$/],
  ['signpost: a number given twice', 'signpost', 's.txt', '2x2:1c1eb4a\n', 'duplicate-given', 1, /^s\.txt:1: 1 is given twice, in \(row 1, column 1\) and \(row 1, column 2\)$/],
  ['signpost: too few cells', 'signpost', 's.txt', '2x2:1ceb\n', 'size-mismatch', 1, /^s\.txt:1: a 2x2 Signpost ID has 4 cells, this one has 3$/],
  ['signpost: too many cells', 'signpost', 's.txt', '2x2:1cebb4a\n', 'size-mismatch', 1, /^s\.txt:1: a 2x2 Signpost ID has 4 cells; "4a" is left over after them$/],
  ['signpost: a number without a letter', 'signpost', 's.txt', '2x2:1ceb4\n', 'bad-direction', 1, /^s\.txt:1: cell 4 \(row 2, column 2\) has the number 4 but no direction letter after it$/],
  ['signpost: flag it does not know', 'signpost', 's.txt', '2x2q:1ceb4a\n', 'bad-header', 1, /^s\.txt:1: Signpost IDs take no parameter "q" after the size$/],

  // --- JSON
  ['json: trailing comma', 'json', 'j.json', '{\n "width": 2,\n "height": 2,\n}\n', 'bad-json', 4, /^j\.json:4: bad JSON: expected a "quoted" key, found "}\\n"$/],
  ['json: not closed', undefined, 'j.json', '{\n "width": 2\n', 'bad-json', 3, /^j\.json:3: bad JSON: expected "," or "}" after the value of "width", found the end of the input$/],
  ['json: missing rows', 'json', 'j.json', '{\n "kind": "nonogram",\n "width": 2,\n "height": 2,\n "columns": [[], []]\n}', 'bad-field', 1, /^j\.json:1: the puzzle has no "rows" field$/],
  ['json: unsupported version', 'json', 'j.json', '{\n "gridrace": 3,\n "kind": "nonogram"\n}', 'unsupported-version', 2, /^j\.json:2: "gridrace" is 3; this reader knows version 1 only$/],
  ['json: unknown kind', 'json', 'j.json', '{ "kind": "sudoku" }', 'bad-field', 1, /^j\.json:1: "kind" should be one of "nonogram", "colour-nonogram", "arrowpath", found "sudoku"$/],
  ['json: negative width', 'json', 'j.json', '{\n "width": -2,\n "height": 2,\n "rows": []\n}', 'bad-size', 2, /^j\.json:2: width is -2; it must be at least 1$/],
  ['json: rows count differs from height', 'json', 'j.json', '{\n "width": 1,\n "height": 2,\n "rows": [[1]],\n "columns": [[1]]\n}', 'line-count', 4,
    /^j\.json:4: "rows" has 1 clues but height is 2$/],
  ['json: nonogram given outside the grid', 'json', 'j.json', '{"width": 1, "height": 1, "rows": [[1]], "columns": [[1]],\n "filled": [[0, 0],\n [1, 0]]}', 'given-out-of-range', 3,
    /^j\.json:3: given cell \[1, 0\] \(0-based row, column\) is outside the 1x1 grid$/],
  ['json: nonogram cell given twice', 'json', 'j.json', '{"width": 1, "height": 1, "rows": [[1]], "columns": [[1]],\n "filled": [[0, 0]],\n "empty": [[0, 0]]}', 'duplicate-given', 3,
    /^j\.json:3: cell \(row 1, column 1\) is given twice \(first on line 2\)$/],
  ['json: solution of the wrong height', 'json', 'j.json', '{"width": 1, "height": 1, "rows": [[1]], "columns": [[1]],\n "solution": ["#", "#"]}', 'size-mismatch', 2,
    /^j\.json:2: "solution" has 2 rows but height is 1$/],
  ['json: unknown direction', 'json', 'j.json', arrowJson('[[1, "S"], [0, "NNE"]]', '[[0, "N"], [4, ""]]'), 'bad-direction', 5,
    /^j\.json:5: grid row 1 cell 2 has an unknown direction "NNE" \(use N, NE, E, SE, S, SW, W, NW, or "" for none\)$/],
  ['json: two cells without an arrow', 'json', 'j.json', arrowJson('[[1, "S"], [0, ""]]', '[[0, "N"], [0, ""]]'), 'missing-arrow', 6,
    /^j\.json:6: cells \(row 1, column 2\) and \(row 2, column 2\) both have no arrow; only the cell holding 4 may lack one$/],
  ['json: a cell without an arrow given another number', 'json', 'j.json', arrowJson('[[1, "S"], [2, ""]]', '[[0, "N"], [0, "W"]]'), 'missing-arrow', 5,
    /^j\.json:5: cell \(row 1, column 2\) has no arrow but is given 2; only the last number, 4, may lack an arrow$/],
  ['json: arrow-path number given twice', 'json', 'j.json', arrowJson('[[1, "S"], [0, "W"]]', '[[1, "N"], [4, ""]]'), 'duplicate-given', 6,
    /^j\.json:6: 1 is given twice, in \(row 1, column 1\) and \(row 2, column 1\)$/],
  ['json: arrow-path number outside 1..N', 'json', 'j.json', arrowJson('[[1, "S"], [9, "W"]]', '[[0, "N"], [4, ""]]'), 'given-out-of-range', 5,
    /^j\.json:5: cell \(row 1, column 2\) is given 9, outside 1\.\.4$/],

  // --- any format
  ['empty input', undefined, 'e.txt', '\uFEFF\r\n  \n', 'empty-input', undefined, /^e\.txt: the input is empty$/],
  ['unknown format', undefined, 'u.txt', 'P1\n2 2\n', 'unknown-format', undefined, /^u\.txt: cannot tell the puzzle format/],
];
