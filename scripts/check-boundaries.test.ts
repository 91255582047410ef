import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { check, specifiers, violation } from './check-boundaries.mjs';

describe('web import boundaries', () => {
  it('let a feature import shared folders, packages and its own folder', () => {
    const file = 'features/designs/routes/EditDesignPage.tsx';
    for (const spec of [
      '@/components/ui/Dialog.tsx',
      '@/lib/api-client.ts',
      '@/hooks/use-config.ts',
      '@/styles/button.module.css',
      '@/assets/design-placeholder.svg',
      '@printmarket/shared/messages',
      'react',
      '@/features/designs/api/get-design.ts',
      './EditDesignPage.module.css',
      '../components/DesignGallery.tsx',
    ]) {
      expect(violation(file, spec), spec).toBeNull();
    }
  });

  it('stop a feature importing another feature, written either way', () => {
    const file = 'features/designs/routes/EditDesignPage.tsx';
    expect(violation(file, '@/features/collections/api/get-collection.ts')).toBe(
      'feature "designs" imports feature "collections"',
    );
    expect(violation(file, '../../collections/api/get-collection.ts')).toBe(
      'feature "designs" imports feature "collections"',
    );
  });

  it('stop a feature importing app/ or a route page, and anything leaving src/', () => {
    const file = 'features/designs/components/DesignGallery.tsx';
    expect(violation(file, '@/app/query-client.ts')).toMatch(/imports app\//);
    expect(violation(file, '@/pages/design/DesignPage.tsx')).toMatch(/imports pages\//);
    expect(violation(file, '../../../app/router.tsx')).toMatch(/imports app\//);
    expect(violation(file, '../../../../../api/src/app.ts')).toBe('leaves src/');
  });

  it('keep shared folders free of features, pages and app/', () => {
    expect(violation('components/ui/Dialog.tsx', '@/features/auth/session.tsx')).toMatch(
      /shared components\//,
    );
    expect(violation('lib/media.ts', '../app/query-client.ts')).toMatch(/shared lib\//);
    expect(violation('components/ui/Dialog.tsx', '@/lib/media.ts')).toBeNull();
  });

  it('let tests, and only tests, use the DOM test helpers in test/', () => {
    expect(violation('features/plans/components/PlanForm.dom.test.tsx', '@/test/render.tsx')).toBeNull();
    expect(violation('features/plans/components/PlanForm.tsx', '@/test/render.tsx')).toMatch(
      /imports test\//,
    );
  });

  it('let route pages and app/ compose several features', () => {
    expect(violation('pages/design/DesignPage.tsx', '@/features/checkout/purchase-offers.ts')).toBeNull();
    expect(violation('app/router.tsx', '@/features/designs/routes/EditDesignPage.tsx')).toBeNull();
  });

  it('read static, type-only, re-exported, dynamic and worker imports, and CSS composes and @import', () => {
    const ts = [
      "import a from '@/features/a/x.ts';",
      "import type { B } from '@/features/b/x.ts';",
      "export { c } from '@/features/c/x.ts';",
      "const d = await import('@/features/d/x.ts');",
      "new Worker(new URL('../../e/x.worker.ts', import.meta.url), { type: 'module' });",
    ].join('\n');
    expect(specifiers('features/z/y/file.ts', ts)).toEqual([
      '@/features/a/x.ts',
      '@/features/b/x.ts',
      '@/features/c/x.ts',
      '@/features/d/x.ts',
      '../../e/x.worker.ts',
    ]);
    const css = [
      '/* composes: gone from "../../ignored/x.module.css"; */',
      '.a { composes: card from "../../collections/components/Card.module.css"; }',
      "@import '../../designs/theme.css';",
    ].join('\n');
    expect(specifiers('features/z/y/file.module.css', css)).toEqual([
      '../../collections/components/Card.module.css',
      '../../designs/theme.css',
    ]);
  });

  describe('over a source folder', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };

    it('report each crossing with its file and specifier, and nothing else', () => {
      write('features/a/A.tsx', "import { b } from '@/features/b/b.ts';\nimport { own } from './own.ts';\n");
      write('features/a/own.ts', "export const own = import('../b/b.ts');\n");
      write('features/a/A.module.css', '.x { composes: y from "../b/B.module.css"; }\n');
      write('features/b/b.ts', "import { api } from '@/lib/api.ts';\nexport const b = api;\n");
      write('lib/api.ts', 'export const api = 1;\n');
      write(
        'pages/P.tsx',
        "import { b } from '@/features/b/b.ts';\nimport { A } from '@/features/a/A.tsx';\n",
      );
      expect(check(root)).toEqual([
        {
          file: 'features/a/A.module.css',
          spec: '../b/B.module.css',
          reason: 'feature "a" imports feature "b"',
        },
        { file: 'features/a/A.tsx', spec: '@/features/b/b.ts', reason: 'feature "a" imports feature "b"' },
        { file: 'features/a/own.ts', spec: '../b/b.ts', reason: 'feature "a" imports feature "b"' },
      ]);
    });
  });
});
