import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips) adds about 30 MB to the process: it is loaded with the first image to process,
 * not at start, so a server that only serves pages stays small.
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
