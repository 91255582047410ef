import type { DesignDetail, DesignDetailFile } from '@printmarket/shared/types';
import { act, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkModel, readModel } from '@/components/model-viewer/read-model.ts';
import type { ModelRequest } from '@/components/model-viewer/worker-protocol.ts';
import type { SessionUser } from '@/lib/session/session.tsx';
import { testDesignDetail } from '@/test/design-detail.ts';
import { renderScreen } from '@/test/render.tsx';
import DesignPage from './DesignPage.tsx';

const session: { user: SessionUser | null } = { user: null };
vi.mock('@/lib/session/session.tsx', () => ({ useSession: () => session }));

/**
 * jsdom has no WebGL: the three.js part of the viewer (scene.ts) stands in here as a scene that
 * "draws" each model it is given on the next task, and records it. Everything before it (which
 * files are offered, fetched and read, in which order) is the page's own code.
 */
const drawn = vi.hoisted(() => [] as { showing: string; triangles: number }[]);
vi.mock('@/components/model-viewer/scene.ts', async () => {
  const { prepareModel } = await import('@/components/model-viewer/mesh-data.ts');
  type Model = ReturnType<typeof prepareModel>;
  type Options = { onDrawn?: (showing: 'preview' | 'full') => void };
  return {
    // A preview of one triangle: what matters here is that it is fetched and drawn first.
    readPreviewMesh: async () => prepareModel(new Float32Array([0, 0, 0, 10, 0, 0, 0, 10, 0])),
    createViewerScene: async (
      _stage: HTMLElement,
      model: Model,
      showing: 'preview' | 'full',
      { onDrawn }: Options,
    ) => {
      let disposed = false;
      const draw = (next: Model, nextShowing: 'preview' | 'full') =>
        setTimeout(() => {
          if (disposed) return;
          drawn.push({ showing: nextShowing, triangles: next.triangleCount });
          onDrawn?.(nextShowing);
        });
      draw(model, showing);
      return {
        reset: () => undefined,
        replaceModel: draw,
        dispose: () => {
          disposed = true;
        },
      };
    },
  };
});

/** jsdom has no Web Workers: this one answers as the real workers do, with their own code. */
class InlineWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly #reads: boolean;
  constructor(url: URL | string) {
    this.#reads = String(url).includes('model-read.worker');
  }
  postMessage(request: ModelRequest) {
    setTimeout(() => this.onmessage?.({ data: this.#reads ? readModel(request) : checkModel(request) }));
  }
  terminate() {}
}

/** A binary STL of one tetrahedron (4 triangles). */
function tetrahedronStl(): Uint8Array<ArrayBuffer> {
  const triangles = [
    [0, 0, 0, 0, 20, 0, 10, 0, 0],
    [0, 0, 0, 0, 0, 30, 0, 20, 0],
    [0, 0, 0, 10, 0, 0, 0, 0, 30],
    [10, 0, 0, 0, 20, 0, 0, 0, 30],
  ];
  const bytes = new Uint8Array(84 + 50 * triangles.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles.length, true);
  for (const [t, triangle] of triangles.entries()) {
    for (const [i, value] of triangle.entries()) view.setFloat32(84 + 50 * t + 12 + 4 * i, value, true);
  }
  return bytes;
}

const model = (id: string, change: Partial<DesignDetailFile> = {}): DesignDetailFile => ({
  _id: id,
  id,
  name: `${id}.stl`,
  type: 'stl',
  url: `/api/designs/get-signed-url/${id}`,
  sizeBytes: 284,
  previewMeshUrl: `/uploads/previews/${id}.glb`,
  ...change,
});

const design = (change: Partial<DesignDetail> = {}): DesignDetail =>
  testDesignDetail({ isPaid: true, price: 4, files: [model('f1')], canPurchase: true, ...change });

type Fetched = { path: string; credentials: RequestCredentials | undefined };

/**
 * The API and the file store: the design, preview meshes, signed URLs and the model files they
 * name. `signedUrlFails` answers the signed URLs with 503 that many times first. Every request is
 * recorded, with its credentials.
 */
function stubServer(answer: DesignDetail, { signedUrlFails = 0 } = {}) {
  const fetched: Fetched[] = [];
  let failuresLeft = signedUrlFails;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      fetched.push({ path: url.pathname, credentials: init.credentials });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/designs/maker/vase') return json(answer);
      if (url.pathname.startsWith('/uploads/previews/'))
        return new Response(new Uint8Array([0x67, 0x6c, 0x54, 0x46]));
      const signed = /^\/api\/designs\/get-signed-url\/(\w+)$/.exec(url.pathname);
      if (signed) {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          return json({ message: 'Service unavailable' }, 503);
        }
        return json({ url: `/api/files/${signed[1]}?sig=abc` });
      }
      if (url.pathname.startsWith('/api/files/')) {
        const stl = tetrahedronStl();
        return new Response(stl, { headers: { 'content-length': String(stl.byteLength) } });
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return fetched;
}

const paths = (fetched: Fetched[]) => fetched.map((call) => call.path);
const signedUrlCalls = (fetched: Fetched[]) =>
  fetched.filter((call) => call.path.startsWith('/api/designs/get-signed-url/'));

const render = () =>
  renderScreen(<DesignPage />, { path: '/design/:username/:slug', entry: '/design/maker/vase' });

/** The 3D viewer, once "Show in 3D" was pressed; waits for the three.js part to arrive. */
async function open3d(user: ReturnType<typeof render>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Show in 3D' }));
  return screen.findByRole('region', { name: /^3D viewer/ }, { timeout: 10_000 });
}

/** Lets every pending task run (fetches, the stand-in worker and frames), inside act. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

beforeEach(() => {
  drawn.length = 0;
  session.user = null;
  vi.stubGlobal('Worker', InlineWorker);
});

describe('Design page: the 3D view', () => {
  it('shows a visitor the preview of a paid design in 3D, without ever asking for the model file', async () => {
    const fetched = stubServer(design());
    const { user } = render();
    const viewer = await open3d(user);

    await vi.waitFor(() => expect(viewer.dataset.showing).toBe('preview'), { timeout: 10_000 });
    expect(drawn).toEqual([{ showing: 'preview', triangles: 1 }]);
    const preview = fetched.find((call) => call.path === '/uploads/previews/f1.glb');
    expect(preview?.credentials).toBe('omit');

    await settle();
    expect(signedUrlCalls(fetched)).toEqual([]);
    expect(paths(fetched).filter((path) => path.startsWith('/api/files/'))).toEqual([]);
    expect(viewer.dataset.showing).toBe('preview');
    expect(within(viewer).queryByRole('status')).toBeNull();
    expect(within(viewer).getByRole('button', { name: 'Reset view' }).closest('[hidden]')).toBeNull();
  });

  it('offers a visitor no 3D for a paid design whose models have no preview yet', async () => {
    stubServer(design({ files: [model('f1', { previewMeshUrl: null })] }));
    render();
    await screen.findByRole('heading', { level: 1, name: 'Vase' });
    expect(screen.queryByRole('button', { name: 'Show in 3D' })).toBeNull();
  });

  it('lists for a visitor only the models that have a preview', async () => {
    stubServer(
      design({
        files: [
          model('f1'),
          model('f2', { previewMeshUrl: undefined }),
          model('f3'),
          model('f4', { previewMeshUrl: '' }),
        ],
      }),
    );
    const { user } = render();
    await open3d(user);
    const picker = screen.getByRole('combobox', { name: 'Model' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['f1.stl', 'f3.stl']);
  });

  it('swaps the full model in after the preview for someone who may download it', async () => {
    const fetched = stubServer(design({ canDownload: true, canViewModel: true }));
    const { user } = render();
    const viewer = await open3d(user);

    await vi.waitFor(() => expect(viewer.dataset.showing).toBe('full'), { timeout: 10_000 });
    expect(drawn).toEqual([
      { showing: 'preview', triangles: 1 },
      { showing: 'full', triangles: 4 },
    ]);
    // The model file is asked for only once the preview is on screen.
    const order = paths(fetched);
    expect(order.indexOf('/uploads/previews/f1.glb')).toBeLessThan(
      order.indexOf('/api/designs/get-signed-url/f1'),
    );
    expect(order).toContain('/api/files/f1');
    expect(within(viewer).queryByRole('status')).toBeNull();
  });

  it('keeps the preview when the full model fails, and loads it on "Try again"', async () => {
    const onError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetched = stubServer(design({ canDownload: true, canViewModel: true }), { signedUrlFails: 1 });
    const { user } = render();
    const viewer = await open3d(user);

    const alert = await within(viewer).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Showing the simplified preview: the full model did not load.');
    expect(alert.textContent).toContain('Error fetching STL: Service unavailable');
    expect(viewer.dataset.showing).toBe('preview');
    expect(onError).toHaveBeenCalledWith('Error fetching STL: Service unavailable');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(viewer.dataset.showing).toBe('full'), { timeout: 10_000 });
    expect(signedUrlCalls(fetched)).toHaveLength(2);
    expect(within(viewer).queryByRole('alert')).toBeNull();
  });

  it('shows the full model alone, with the loading overlay, for a model without a preview', async () => {
    const fetched = stubServer(
      design({ isPaid: false, canViewModel: true, files: [model('f1', { previewMeshUrl: null })] }),
    );
    const { user } = render();
    const viewer = await open3d(user);

    await vi.waitFor(() => expect(viewer.dataset.showing).toBe('full'), { timeout: 10_000 });
    expect(drawn).toEqual([{ showing: 'full', triangles: 4 }]);
    expect(paths(fetched).filter((path) => path.startsWith('/uploads/previews/'))).toEqual([]);
  });
});
