import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PendingUploads } from '../../db/pending-uploads.ts';
import { JobQueue } from '../../lib/jobs/job-queue.ts';
import { readGlbWithThree } from '../../lib/preview-mesh/read-glb-with-three.ts';
import { openEdges } from '../../lib/preview-mesh/test-measures.ts';
import { boundsOf } from '../../lib/preview-mesh/test-meshes.ts';
import { createPreviewPool, type PreviewPool } from '../../lib/stl-render/preview-pool.ts';
import { generateModel } from '../../seed/generators/stl-models.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { bundlePreviewWorker, type FormFile, listFiles, multipart } from '../../test/upload-test-kit.ts';
import { PreviewsRepo } from './previews-repo.ts';
import { StlPreviewJobs, StlPreviewRenderer } from './previews-service.ts';

const leases = (t: TestApp) => new PendingUploads(t.db, 60_000);
// Uploads and renders on a busy two-core machine (30 s seen for four of each): the limit only
// catches a hang.
describe(`STL preview jobs`, { timeout: 180_000 }, () => {
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof bundlePreviewWorker>>;
  let token: string;
  const stl = generateModel('twisted-vase', { seed: 5, detail: 0.05 }).stl;

  beforeAll(async () => {
    worker = await bundlePreviewWorker();
    t = await createTestApp({ PREVIEW_WORKER_FILE: worker.file });
    token = (await signUp(t.app, 'Renderer')).token;
  });
  afterAll(async () => {
    await t.close();
    await worker.dispose();
  });

  /** Uploads a design with `files` and waits until its previews are made; returns the design. */
  async function uploadDesign(fields: [string, string][], files: FormFile[]) {
    const { payload, headers } = multipart([...fields, ['categories', JSON.stringify(['Art'])]], files);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/designs/upload',
      payload,
      headers: { ...headers, 'x-auth-token': token },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.stlPreviews.idle();
    return res.json().design as { id: string; slug: string };
  }

  async function uploadModel(name: string, data = stl) {
    const design = await uploadDesign(
      [
        ['designName', name],
        ['description', 'A vase to render.'],
        ['isPaid', 'false'],
      ],
      [{ name: 'vase.stl', data }],
    );
    const designId = design.id;
    const file = await t.db
      .selectFrom('design_files')
      .select(['id', 'preview_key', 'preview_card_key'])
      .where('design_id', '=', designId)
      .executeTakeFirstOrThrow();
    return { designId, file };
  }

  const imageFiles = () => listFiles(path.join(t.dataDir, 'files', 'images'));

  /** One renderDesign outside the app's jobs, with a pool of its own (`wrap` may interfere with it). */
  async function renderOnce(
    designId: string,
    options: { wrap?: (pool: PreviewPool) => PreviewPool; meshInputBudget?: number } = {},
  ) {
    const pool = createPreviewPool({ workerUrl: pathToFileURL(worker.file) });
    const renderer = new StlPreviewRenderer(
      new PreviewsRepo(t.db),
      t.files,
      options.wrap?.(pool) ?? pool,
      leases(t),
      t.app.log,
      options.meshInputBudget,
    );
    try {
      await renderer.renderDesign(designId);
    } finally {
      await pool.close();
    }
  }

  it('renders at start what a stopped process left without previews', async () => {
    const { file } = await uploadModel('Interrupted Vase');
    // As if the process had stopped after the commit, before its render was recorded.
    await t.db
      .updateTable('design_files')
      .set({ preview_key: null, preview_card_key: null })
      .where('id', '=', file.id)
      .execute();

    expect(await t.app.stlPreviews.fillMissing()).toBe(1);
    await t.app.stlPreviews.idle();

    const after = await t.db
      .selectFrom('design_files')
      .select(['preview_key', 'preview_card_key'])
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(after.preview_key).toMatch(/^images\/[0-9a-f-]{36}-preview\.webp$/);
    expect(after.preview_key).not.toBe(file.preview_key);
    expect(
      await sharp(Buffer.from(await t.files.get(after.preview_card_key!).then(readAll))).metadata(),
    ).toMatchObject({ format: 'webp', width: 600, height: 450 });
    expect(await t.app.stlPreviews.fillMissing()).toBe(0);
  });

  it('deletes the images of a file removed while its preview was rendering', async () => {
    const { designId, file } = await uploadModel('Vanishing Vase');
    await t.db
      .updateTable('design_files')
      .set({ preview_key: null, preview_card_key: null })
      .where('id', '=', file.id)
      .execute();
    await t.files.delete(file.preview_key!);
    await t.files.delete(file.preview_card_key!);
    const before = await imageFiles();

    // The file's row goes between the render and the record, as an edit removing it would.
    await renderOnce(designId, {
      wrap: (pool) => ({
        ...pool,
        render: async (positions, options) => {
          const png = await pool.render(positions, options);
          await t.db.deleteFrom('design_files').where('id', '=', file.id).execute();
          return png;
        },
      }),
    });
    expect(await imageFiles()).toEqual(before);
  });

  it('builds the preview mesh of a model past the input budget from its clustered vertices: whole, and its size', async () => {
    const { designId, file } = await uploadModel(
      'Clustered Vase',
      generateModel('twisted-vase', { seed: 5, detail: 0.5 }).stl,
    );
    const row = await t.db
      .selectFrom('design_files')
      .select(['preview_mesh_key', 'analysis'])
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    const analysis = row.analysis as { triangles: number; sizeMm: number[]; closed: boolean };
    expect(analysis.closed).toBe(true);
    await t.db
      .updateTable('design_files')
      .set({ preview_mesh_key: null })
      .where('id', '=', file.id)
      .execute();
    await t.files.delete(row.preview_mesh_key!);

    // A budget just below the vase's triangles: the large-model path, on a model a test can upload.
    await renderOnce(designId, { meshInputBudget: analysis.triangles - 1 });
    const { preview_mesh_key } = await t.db
      .selectFrom('design_files')
      .select('preview_mesh_key')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    const read = await readGlbWithThree(new Uint8Array(await t.files.get(preview_mesh_key!).then(readAll)));
    expect(read.triangles).toBeGreaterThan(0);
    expect(openEdges(read.indices)).toBe(0);
    const bounds = boundsOf(read.positions);
    // Each side within 4 %: at this budget a cell is about 3 mm, and a cell's vertices meet at
    // their mean, a little inside the outermost of them.
    analysis.sizeMm.forEach((side, axis) => {
      expect(Math.abs(bounds.max[axis]! - bounds.min[axis]! - side)).toBeLessThan(side * 0.04);
    });
  });

  it('keeps going when one model cannot be read, and leaves no images of it', async () => {
    const broken = await uploadModel('Broken Vase');
    const fine = await uploadModel('Fine Vase');
    for (const { file } of [broken, fine]) {
      await t.db
        .updateTable('design_files')
        .set({ preview_key: null, preview_card_key: null })
        .where('id', '=', file.id)
        .execute();
    }
    // The stored model of the first is gone (a storage fault).
    const brokenRow = await t.db
      .selectFrom('design_files')
      .select('storage_key')
      .where('id', '=', broken.file.id)
      .executeTakeFirstOrThrow();
    await t.files.delete(brokenRow.storage_key);
    const imagesBefore = (await imageFiles()).length;

    await t.app.stlPreviews.enqueue(broken.designId);
    await t.app.stlPreviews.enqueue(fine.designId);
    await t.app.stlPreviews.idle();

    const rows = await t.db
      .selectFrom('design_files')
      .select(['id', 'preview_key'])
      .where('id', 'in', [broken.file.id, fine.file.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r.preview_key]));
    expect(byId.get(broken.file.id)).toBeNull();
    expect(byId.get(fine.file.id)).toMatch(/-preview\.webp$/);
    expect((await imageFiles()).length).toBe(imagesBefore + 2);
  });

  it('builds a public preview mesh of every model, STL, 3MF and OBJ, that is not the model file', async () => {
    const testData = (name: string) =>
      readFileSync(new URL(`../../../../../packages/mesh/test-data/${name}`, import.meta.url));
    const models = [
      { name: 'vase.stl', data: stl },
      { name: 'wagon.3mf', data: testData('3mf/WagonWithWheels.3mf') },
      { name: 'spider.obj', data: testData('obj/spider.obj') },
    ];
    const { slug } = await uploadDesign(
      [
        ['designName', 'Paid Models'],
        ['description', 'Three formats, sold.'],
        ['isPaid', 'true'],
        ['price', '4.5'],
      ],
      models,
    );

    // A visitor reads the design: every model names its preview mesh, and none of them may be had.
    const detail = await t.app.inject({ method: 'GET', url: `/api/designs/Renderer/${slug}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const files = (
      detail.json().files as {
        id: string;
        type: string;
        name: string;
        analysis: { sizeMm: number[] };
        previewMeshUrl: string;
      }[]
    ).filter((file) => file.type === 'stl');
    expect(files.map((file) => file.name)).toEqual(models.map((model) => model.name));
    for (const [i, file] of files.entries()) {
      expect(file.previewMeshUrl).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}-mesh\.glb$/);
      const mesh = await t.app.inject({ method: 'GET', url: file.previewMeshUrl });
      expect(mesh.statusCode).toBe(200);
      expect(mesh.headers['content-type']).toBe('model/gltf-binary');
      expect(mesh.headers['cache-control']).toContain('public');
      expect(mesh.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
      expect(mesh.rawPayload.equals(models[i]!.data)).toBe(false);
      const preview = await readGlbWithThree(mesh.rawPayload);
      expect(preview.triangles).toBeGreaterThan(0);
      expect(preview.triangles).toBeLessThanOrEqual(50_000);
      // The preview stands where the model stands, as large (to its 16-bit grid).
      const size = [0, 1, 2].map((axis) => {
        const values = preview.positions.filter((_, k) => k % 3 === axis);
        return Math.max(...values) - Math.min(...values);
      });
      size.forEach((side, axis) => {
        expect(Math.abs(side - file.analysis.sizeMm[axis]!)).toBeLessThanOrEqual(
          file.analysis.sizeMm[axis]! / 1000 + 1e-3,
        );
      });
      const link = await t.app.inject({ method: 'GET', url: `/api/designs/download/${file.id}` });
      expect(link.statusCode).toBe(401);
      // Its owner downloads the file as it was uploaded, named and typed by its format.
      const owned = await t.app.inject({
        method: 'GET',
        url: `/api/designs/download/${file.id}`,
        headers: { 'x-auth-token': token },
      });
      const content = await t.app.inject({ method: 'GET', url: owned.json().url });
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(models[i]!.data)).toBe(true);
      expect(content.headers['content-type']).toBe(`model/${models[i]!.name.split('.').pop()}`);
      expect(content.headers['content-disposition']).toContain(`filename="${models[i]!.name}"`);
    }

    // A file left without its mesh (a stopped process) gets one at the next start.
    await t.db
      .updateTable('design_files')
      .set({ preview_mesh_key: null })
      .where('id', '=', files[1]!.id)
      .execute();
    expect(await t.app.stlPreviews.fillMissing()).toBeGreaterThanOrEqual(1);
    await t.app.stlPreviews.idle();
    const rebuilt = await t.db
      .selectFrom('design_files')
      .select('preview_mesh_key')
      .where('id', '=', files[1]!.id)
      .executeTakeFirstOrThrow();
    expect(rebuilt.preview_mesh_key).toMatch(/-mesh\.glb$/);
    expect(`/uploads/${rebuilt.preview_mesh_key}`).not.toBe(files[1]!.previewMeshUrl);
  });

  it("renders a new upload's design before the backlog found at start", async () => {
    const backlog = [
      await uploadModel('Backlog One'),
      await uploadModel('Backlog Two'),
      await uploadModel('Backlog Three'),
    ];
    const fresh = await uploadModel('Fresh Upload');
    const forget = (fileId: string) =>
      t.db
        .updateTable('design_files')
        .set({ preview_key: null, preview_card_key: null })
        .where('id', '=', fileId)
        .execute();
    for (const { file } of backlog) await forget(file.id);
    // The order files get their previews recorded in.
    const recorded: string[] = [];
    class RecordingRepo extends PreviewsRepo {
      override setPreview(fileId: string, keys: { preview: string; card: string }) {
        recorded.push(fileId);
        return super.setPreview(fileId, keys);
      }
    }
    // Another instance on the same database; this app's worker stops so that one takes every job.
    await t.app.close();
    const pool = createPreviewPool({ workerUrl: pathToFileURL(worker.file) });
    const queue = new JobQueue(
      t.db,
      { claimSeconds: 60, maintenanceSeconds: 10, pollSeconds: 0.5 },
      () => {},
    );
    const repo = new RecordingRepo(t.db);
    const jobs = new StlPreviewJobs(queue, repo, t.app.log);
    // The unreadable model of the test before stays without a preview: part of the backlog too.
    const unrenderable = (await repo.designsMissingPreviews()).length - backlog.length;
    try {
      expect(await jobs.fillMissing()).toBe(backlog.length + unrenderable);
      // An upload commits before the instance's worker gets to the backlog.
      await forget(fresh.file.id);
      await jobs.enqueue(fresh.designId);
      await jobs.workWith(new StlPreviewRenderer(repo, t.files, pool, leases(t), t.app.log));
      await jobs.idle();
    } finally {
      await queue.stop();
      await pool.close();
    }
    expect([...recorded].sort()).toEqual([...backlog.map((b) => b.file.id), fresh.file.id].sort());
    // Without priority it would come last, after every design of the backlog.
    expect(recorded[0]).toBe(fresh.file.id);
    expect(await jobs.fillMissing()).toBe(unrenderable);
  });
});

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
