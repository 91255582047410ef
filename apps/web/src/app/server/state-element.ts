/**
 * The id of the `<script type="application/json">` element in which a server-rendered page carries
 * its query cache to the browser.
 */
export const STATE_ELEMENT_ID = 'ssr-state';
