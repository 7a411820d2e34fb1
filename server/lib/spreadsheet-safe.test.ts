import { describe, expect, it } from 'vitest'
import { spreadsheetSafe } from './spreadsheet-safe.ts'

describe('spreadsheetSafe', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t'=1"],
    ['\r=1', "'\r'=1"],
    ['Quote;=1+2;', "Quote;'=1+2;"],
    ['a,=1', "a,'=1"],
    ['a|@x', "a|'@x"],
    ['hello\t=2*21', "hello\t'=2*21"],
    ['line\n=HYPERLINK("x")', 'line\n\'=HYPERLINK("x")'],
    ['a;;=1', "a;;'=1"],
    ['a;  =1', "a;  '=1"],
    ['  -1', "  '-1"],
  ])('neutralises %j', (cell, safe) => expect(spreadsheetSafe(cell)).toBe(safe))

  it.each(['Hello', 'a = b', 'a +1', 'e-mail: x@y.z', '1+1', ''])('leaves %j as it is', (cell) =>
    expect(spreadsheetSafe(cell)).toBe(cell),
  )
})
