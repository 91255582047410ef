import { describe, expect, it } from 'vitest';
import { fileProblemText } from './use-file-checks.ts';

describe('file problems', () => {
  it('say nothing while every file is fine', () => {
    expect(fileProblemText([])).toBeNull();
  });

  it('name the file, the reason and the way on', () => {
    expect(fileProblemText([{ id: 'a', name: 'notes.stl', reason: 'The file is not an STL file.' }])).toBe(
      'notes.stl is not a 3D model: The file is not an STL file. Remove it to go on.',
    );
    expect(
      fileProblemText([
        { id: 'a', name: 'notes.stl', reason: 'The file is not an STL file.' },
        { id: 'b', name: 'empty.stl', reason: 'The STL file is empty.' },
      ]),
    ).toBe(
      '2 files are not 3D models: notes.stl (The file is not an STL file.), empty.stl (The STL file is empty.). Remove them to go on.',
    );
  });
});
