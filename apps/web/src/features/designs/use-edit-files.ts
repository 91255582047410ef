import { DESIGN_EDIT_MSG } from '@printmarket/shared/design-edit';
import type { DesignDetail } from '@printmarket/shared/types';
import { type ChangeEvent, useState } from 'react';
import { filterPicked, type PickedKind } from './edit-files.ts';

export type PickedFile = { key: string; file: File; kind: PickedKind };

let pickCounter = 0;

/**
 * The edit screen's file changes: existing files ticked for removal and new files picked. After
 * the first Save the 'no STL' message follows every change of the lists.
 */
export function useEditFiles(existing: DesignDetail['files']) {
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const [added, setAdded] = useState<PickedFile[]>([]);
  const [checked, setChecked] = useState(false);

  const toggleRemoved = (id: string) =>
    setRemoved((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const pick = (kind: PickedKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = input.files ? [...input.files] : [];
    input.value = ''; // the same file can be picked again after removing it
    if (chosen.length === 0) {
      window.alert('No files selected');
      return;
    }
    const kept = filterPicked(chosen, kind);
    setAdded((current) => [
      ...current,
      ...kept.map((file) => ({ key: `pick-${++pickCounter}`, file, kind })),
    ]);
  };

  const unpick = (key: string) => setAdded((current) => current.filter((item) => item.key !== key));

  const stlLeft =
    existing.filter((file) => file.type === 'stl' && !removed.has(file._id)).length +
    added.filter((item) => item.kind === 'stl').length;

  return {
    removed,
    added,
    toggleRemoved,
    pick,
    unpick,
    error: checked && stlLeft === 0 ? DESIGN_EDIT_MSG.noStl : null,
    /** At least one STL file stays after the removals and additions; shows the message if not. */
    check: () => {
      setChecked(true);
      return stlLeft > 0;
    },
    changed: removed.size > 0 || added.length > 0,
    /** The body of the files update. */
    changes: () => ({ remove: [...removed], add: added.map((item) => item.file) }),
  };
}

export type EditFiles = ReturnType<typeof useEditFiles>;
