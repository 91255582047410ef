/**
 * Checks that a chosen file reads as a model of its kind, off the main thread (a large file takes a
 * moment). Receives a ModelRequest (its buffer transferred) and answers once with a CheckReply.
 */
import { checkModel } from './read-model.ts';
import type { ModelRequest } from './worker-protocol.ts';

self.onmessage = (event: MessageEvent<ModelRequest>) => {
  self.postMessage(checkModel(event.data));
};
