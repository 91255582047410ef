/**
 * Where the API lives. The API serves the web app itself, so by default it is the same origin
 * (the Vite dev server proxies `/api` and `/uploads`). `VITE_API_BASE` lets a deployment put the
 * API elsewhere without touching the code; it must not end with a slash.
 */
export const API_BASE: string = import.meta.env?.VITE_API_BASE ?? '';
