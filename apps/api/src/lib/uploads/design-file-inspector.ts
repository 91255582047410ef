import { PHOTO_EXTENSIONS, STL_EXTENSIONS } from '@printmarket/shared/uploads';
import { unsupportedMedia } from '../errors.ts';
import { IMAGE_MESSAGES, ImageRejectedError } from '../images/process-image.ts';
import { SNIFF_LENGTH, sniffImageType } from '../images/sniff-image.ts';
import { type FileInspector, formatBytes } from '../multipart.ts';
import type { StlAnalysis } from '../stl/stl-analysis.ts';
import { StlAnalyzer } from '../stl/stl-analyzer.ts';
import { displayName, extensionOf } from './display-name.ts';

export type DesignFileLimits = { maxStlBytes: number; maxPhotoBytes: number };

/** What the inspector learnt about one file of a design upload. */
export type InspectedDesignFile =
  | { kind: 'stl'; name: string; analysis: StlAnalysis }
  | { kind: 'image'; name: string };

export const FILE_TYPE_MESSAGE = 'Only STL files and PNG, JPEG, GIF or BMP images can be uploaded.';

/**
 * The multipart inspector for a design's files. The name's extension says what the sender means
 * the file to be (the wizard's pickers accept .stl, and .png/.jpg/.jpeg/.gif/.bmp); the content
 * must then be that: an STL is analysed chunk by chunk while it streams to disk (a PNG named .stl
 * fails at its first bytes), an image's first bytes must be an accepted image signature (an
 * executable named .png fails at once). Full image decoding happens after the upload (processImage).
 */
export function designFileInspector(limits: DesignFileLimits) {
  return (originalName: string): FileInspector => {
    const extension = extensionOf(displayName(originalName, 'file'));
    if ((STL_EXTENSIONS as readonly string[]).includes(extension)) return stlInspector(originalName, limits);
    if ((PHOTO_EXTENSIONS as readonly string[]).includes(extension))
      return imageInspector(originalName, limits);
    throw unsupportedMedia(FILE_TYPE_MESSAGE, 'FILE_TYPE_NOT_ACCEPTED');
  };
}

function stlInspector(originalName: string, limits: DesignFileLimits): FileInspector {
  const analyzer = new StlAnalyzer();
  return {
    maxBytes: limits.maxStlBytes,
    tooLargeMessage: `STL files may be at most ${formatBytes(limits.maxStlBytes)}.`,
    push: (chunk) => analyzer.push(chunk),
    finish: (): InspectedDesignFile => ({
      kind: 'stl',
      name: displayName(originalName, 'model'),
      analysis: analyzer.finish(),
    }),
  };
}

function imageInspector(originalName: string, limits: DesignFileLimits): FileInspector {
  let head = Buffer.alloc(0);
  let checked = false;
  const check = () => {
    checked = true;
    if (!sniffImageType(head))
      throw new ImageRejectedError('unsupported-type', IMAGE_MESSAGES.unsupportedType);
  };
  return {
    maxBytes: limits.maxPhotoBytes,
    tooLargeMessage: `Photos may be at most ${formatBytes(limits.maxPhotoBytes)}.`,
    push(chunk) {
      if (checked) return;
      head = Buffer.concat([head, chunk.subarray(0, SNIFF_LENGTH - head.length)]);
      if (head.length >= SNIFF_LENGTH) check();
    },
    finish(): InspectedDesignFile {
      if (!checked) check();
      return { kind: 'image', name: displayName(originalName, 'photo') };
    },
  };
}
