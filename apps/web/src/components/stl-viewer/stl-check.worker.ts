/**
 * Checks that a file reads as an STL model, off the main thread (a large file takes a moment).
 * Receives the file's ArrayBuffer (transferred) and answers once: null, or why it is not a model.
 */
import { parseStl, StlParseError } from './parse-stl.ts';

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  let problem: string | null = null;
  try {
    parseStl(event.data);
  } catch (error) {
    problem = error instanceof StlParseError ? error.message : 'The file could not be read as an STL file.';
  }
  self.postMessage(problem);
};
