import { MeshAnalyzer } from '@printmarket/mesh/analyzer';
import type { MeshAnalysis } from '@printmarket/mesh/mesh-analysis';
import { type ModelKind, modelKindOf, PHOTO_EXTENSIONS } from '@printmarket/shared/uploads';
import { unsupportedMedia } from '../errors.ts';
import { IMAGE_MESSAGES, ImageRejectedError } from '../images/process-image.ts';
import { SNIFF_LENGTH, sniffImageType } from '../images/sniff-image.ts';
import { asModelRejection } from '../models/model-rejection.ts';
import { type FileInspector, formatBytes } from '../multipart.ts';
import { displayName, extensionOf } from './display-name.ts';

export type DesignFileLimits = { maxStlBytes: number; maxPhotoBytes: number };

/** A model file of a design upload: `kind` is 'stl' for every model, as design files name them. */
export type InspectedModelFile = { kind: 'stl'; modelKind: ModelKind; name: string; analysis: MeshAnalysis };

/** What the inspector learnt about one file of a design upload. */
export type InspectedDesignFile = InspectedModelFile | { kind: 'image'; name: string };

export const FILE_TYPE_MESSAGE =
  'Only STL, 3MF and OBJ models and PNG, JPEG, GIF or BMP images can be uploaded.';

const MODEL_LABEL: Record<ModelKind, string> = { stl: 'STL', '3mf': '3MF', obj: 'OBJ' };

/**
 * The multipart inspector for a design's files. The name's extension says what the sender means
 * the file to be (the wizard's pickers accept .stl, .3mf and .obj, and .png/.jpg/.jpeg/.gif/.bmp);
 * the content must then be that: a model is analysed chunk by chunk while it streams to disk (a
 * PNG named .stl fails at its first bytes), an image's first bytes must be an accepted image signature (an
 * executable named .png fails at once). Full image decoding happens after the upload (processImage).
 */
export function designFileInspector(limits: DesignFileLimits) {
  return (originalName: string): FileInspector => {
    const name = displayName(originalName, 'file');
    const modelKind = modelKindOf(name);
    if (modelKind) return modelInspector(originalName, modelKind, limits);
    const extension = extensionOf(name);
    if ((PHOTO_EXTENSIONS as readonly string[]).includes(extension))
      return imageInspector(originalName, limits);
    throw unsupportedMedia(FILE_TYPE_MESSAGE, 'FILE_TYPE_NOT_ACCEPTED');
  };
}

function modelInspector(originalName: string, modelKind: ModelKind, limits: DesignFileLimits): FileInspector {
  const analyzer = new MeshAnalyzer(modelKind);
  return {
    maxBytes: limits.maxStlBytes,
    tooLargeMessage: `${MODEL_LABEL[modelKind]} files may be at most ${formatBytes(limits.maxStlBytes)}.`,
    push: (chunk) => asModelRejection(() => analyzer.push(chunk)),
    finish: (): InspectedDesignFile => ({
      kind: 'stl',
      modelKind,
      name: displayName(originalName, 'model'),
      analysis: asModelRejection(() => analyzer.finish()),
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
