import type { FastifyInstance } from 'fastify';
import { containsNul, nulCharacter } from './validate.ts';

/**
 * What every request's input goes through before any route sees it: JSON bodies only (a text body
 * on a JSON route is a client mistake, answered 415), an empty JSON body counted as none (the
 * web client posts logout that way, docs/product.md#calls), and no NUL character in the body, query or path.
 * Multipart forms are checked where they are read (multipart.ts).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(null, undefined);
    parseJson(request, text, (err, parsed) => {
      // JSON can only carry a NUL as the escape \u0000 (a raw one is invalid JSON): only a body
      // with that escape needs the walk through every key and string.
      if (!err && text.includes('\\u0000') && containsNul(parsed)) return done(nulCharacter(), undefined);
      done(err, parsed);
    });
  });
  // The query and path are decoded by the time this runs; a NUL can only come from a %00.
  app.addHook('onRequest', async (request) => {
    if (!/%00/i.test(request.url)) return;
    if (containsNul(request.query) || containsNul(request.params)) throw nulCharacter();
  });
}
