import { useEffect, useRef, useState } from 'react';
import type { PickedFile } from './file-selection.ts';

/** Null when the file is fine, else why it cannot be used. */
export type FileCheck = (file: File, signal: AbortSignal) => Promise<string | null>;

/** A chosen file that is known not to be what the list takes, with the reason. */
export type FileProblem = { id: string; name: string; reason: string };

/**
 * Checks every chosen file once, as it is added, and gives the problems found so far among the
 * files still chosen. A check still running, or one that could not run, is no problem: only what
 * is known holds the wizard up (the server checks every file again anyway).
 */
export function useFileProblems(files: readonly PickedFile[], check: FileCheck): FileProblem[] {
  const [reasons, setReasons] = useState<ReadonlyMap<string, string>>(new Map());
  const running = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const chosen = new Set(files.map((picked) => picked.id));
    for (const [id, controller] of running.current) {
      if (!chosen.has(id)) {
        controller.abort();
        running.current.delete(id);
      }
    }
    for (const picked of files) {
      if (running.current.has(picked.id)) continue;
      const controller = new AbortController();
      running.current.set(picked.id, controller);
      check(picked.file, controller.signal).then(
        (reason) => {
          if (reason !== null && !controller.signal.aborted)
            setReasons((current) => new Map(current).set(picked.id, reason));
        },
        () => undefined,
      );
    }
  }, [files, check]);

  // Leaving the page ends the checks under way.
  useEffect(() => {
    const checks = running.current;
    return () => {
      for (const controller of checks.values()) controller.abort();
      checks.clear();
    };
  }, []);

  return files.flatMap((picked) => {
    const reason = reasons.get(picked.id);
    return reason ? [{ id: picked.id, name: picked.file.name, reason }] : [];
  });
}

/** The sentence next to a held-up Next: which files, why, and what to do. */
export function fileProblemText(problems: readonly FileProblem[]): string | null {
  const [first] = problems;
  if (!first) return null;
  if (problems.length === 1) return `${first.name} is not a 3D model: ${first.reason} Remove it to go on.`;
  const listed = problems.map((problem) => `${problem.name} (${problem.reason})`).join(', ');
  return `${problems.length} files are not 3D models: ${listed}. Remove them to go on.`;
}
