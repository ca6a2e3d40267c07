import { describe, expect, it } from 'vitest';
import { findKin, kinWords } from './word-kin.js';

describe('word kin', () => {
  it('finds a compound criterion word by its head in the answer ("nyckel" for "sessionsnyckel", "schlüssel" for "sitzungsschlüssel")', () => {
    expect(findKin('sessionsnyckel', kinWords('de kommer överens om en hemlig nyckel'))).toBeDefined();
    expect(findKin('sitzungsschlussel', kinWords('beide Seiten einigen sich auf einen Schlüssel'))).toBeDefined();
  });

  it('still finds a criterion word inside an answer compound ("index" in "Datenbankindex")', () => {
    expect(findKin('index', kinWords('ein Datenbankindex'))).toBeDefined();
  });

  it('leaves heads under five letters alone ("tid" is no evidence of "arbetstid")', () => {
    expect(findKin('arbetstid', kinWords('det tar tid'))).toBeUndefined();
  });
});
