import type { DesignCard } from '@printmarket/shared/types';
import { describe, expect, it } from 'vitest';
import { designMarks, filterDesigns, pickableSelection } from './design-marks.ts';

const card = (id: string, name = id, tags: string[] = []) => ({ id, name, tags }) as unknown as DesignCard;
const lamps = { id: 'lamps', designs: [card('a'), card('b')] };
const boxes = { id: 'boxes', designs: [card('c')] };

describe('designMarks', () => {
  it('marks designs of any collection as in another one when creating', () => {
    const markOf = designMarks([lamps, boxes]);
    expect(['a', 'b', 'c', 'd'].map(markOf)).toEqual(['in-another', 'in-another', 'in-another', 'free']);
  });

  it('tells designs of this collection from those of another when adding', () => {
    const markOf = designMarks([lamps, boxes], lamps);
    expect(['a', 'b', 'c', 'd'].map(markOf)).toEqual(['added', 'added', 'in-another', 'free']);
  });

  it("trusts the collection's own fresher list over my-collections", () => {
    // 'b' was removed and 'd' added since my-collections was loaded.
    const current = { id: 'lamps', designs: [card('a'), card('d')] };
    const markOf = designMarks([lamps, boxes], current);
    expect(['a', 'b', 'c', 'd'].map(markOf)).toEqual(['added', 'free', 'in-another', 'added']);
  });
});

describe('filterDesigns', () => {
  const designs = [card('1', 'Cable Box', ['desk']), card('2', 'Café Lamp'), card('3', 'Desk Lamp')];

  it('keeps every design for a blank filter', () => {
    expect(filterDesigns(designs, '  ').map((d) => d.id)).toEqual(['1', '2', '3']);
  });

  it('matches every word in the name or tags, ignoring case and accents', () => {
    expect(filterDesigns(designs, 'LAMP').map((d) => d.id)).toEqual(['2', '3']);
    expect(filterDesigns(designs, 'cafe').map((d) => d.id)).toEqual(['2']);
    expect(filterDesigns(designs, 'desk').map((d) => d.id)).toEqual(['1', '3']);
    expect(filterDesigns(designs, 'desk box').map((d) => d.id)).toEqual(['1']);
    expect(filterDesigns(designs, 'vase')).toEqual([]);
  });
});

describe('pickableSelection', () => {
  it('sends chosen designs in list order, leaving out any that joined another collection', () => {
    const designs = [card('a'), card('c'), card('d'), card('e')];
    const markOf = designMarks([boxes]);
    expect(pickableSelection(new Set(['e', 'c', 'a']), designs, markOf)).toEqual(['a', 'e']);
  });
});
