import type { DesignDetail, DesignDetailFile } from '@printmarket/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import avatarPlaceholder from '@/assets/avatar-placeholder.svg';
import { DownloadsIcon, ViewsIcon } from '@/components/design-cards/stat-icons.tsx';
import { signedModelSource } from '@/components/model-viewer/get-signed-url.ts';
import { ModelViewer, preloadModelViewer } from '@/components/model-viewer/ModelViewer.tsx';
import { modelKindOfName } from '@/components/model-viewer/model-kind.ts';
import { viewerModels } from '@/components/model-viewer/viewer-models.ts';
import { previewsPending, useDesign } from '@/features/designs/api/get-design.ts';
import { designKeys } from '@/features/designs/api/keys.ts';
import { recordView } from '@/features/designs/api/record-view.ts';
import { DesignFileList } from '@/features/designs/components/DesignFileList.tsx';
import { DesignGallery, galleryImages } from '@/features/designs/components/DesignGallery.tsx';
import { DesignLoadStatus } from '@/features/designs/components/DesignLoadStatus.tsx';
import { LikeButton } from '@/features/designs/components/LikeButton.tsx';
import { ModelFacts } from '@/features/designs/components/ModelFacts.tsx';
import { formatDate } from '@/features/designs/model-facts.ts';
import { usePreferences } from '@/features/preferences/api/preferences.ts';
import { ReportButton } from '@/features/reports/components/ReportButton.tsx';
import { countLabel, formatCount } from '@/lib/count-format.ts';
import { HydrationSlice } from '@/lib/hydration-slice.tsx';
import { mediaUrl } from '@/lib/media.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';
import { DesignModeration } from './DesignModeration.tsx';
import styles from './DesignPage.module.css';
import { DesignSidePanel } from './DesignSidePanel.tsx';

/** The design page (docs/product.md#design-page): /design/{username}/{slug}. */
export default function DesignPage() {
  const { username = '', slug = '' } = useParams();
  const { user } = useSession();
  const viewerId = user?.id ?? null;
  const query = useDesign(username, slug, viewerId);
  const queryKey = designKeys.detail(username, slug, viewerId);
  const anyViewerKey = designKeys.detailForAnyViewer(username, slug);

  if (query.isPending || query.isError) {
    return (
      <DesignLoadStatus
        error={query.error}
        retry={{ busy: query.isFetching, run: () => void query.refetch() }}
      />
    );
  }
  return (
    <DesignView
      design={query.data}
      signedIn={user !== null}
      queryKey={queryKey}
      anyViewerKey={anyViewerKey}
    />
  );
}

function DesignView({
  design,
  signedIn,
  queryKey,
  anyViewerKey,
}: {
  design: DesignDetail;
  signedIn: boolean;
  /** This viewer's cached copy of the design. */
  queryKey: readonly unknown[];
  /** Every viewer's cached copy: the view count is the same for all. */
  anyViewerKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();

  // One view per visit of this design; a failure is only logged (docs/product.md#design-page).
  const recorded = useRef<string | null>(null);
  const owner = design.user.username;
  useEffect(() => {
    if (recorded.current === design.id) return;
    recorded.current = design.id;
    recordView(owner, design.slug)
      .then(({ views }) => {
        queryClient.setQueriesData<DesignDetail>({ queryKey: anyViewerKey }, (old) =>
          old && typeof views === 'number' && views > old.views ? { ...old, views } : old,
        );
      })
      .catch((error) => console.warn('Failed to record view', error));
  }, [design.id, design.slug, owner, queryClient, anyViewerKey]);

  const created = formatDate(design.createdAt);
  const description = design.description.trim();

  return (
    <article className={styles.page} aria-labelledby="design-title">
      <PageTitle>{`${design.name} · PrintMarket`}</PageTitle>
      <DesignModeration design={design} />
      <header className={styles.header}>
        <div className={styles.titleBlock}>
          <h1 id="design-title" className={styles.title}>
            {design.name}
          </h1>
          <p className={styles.byline}>
            <img
              className={styles.avatar}
              src={mediaUrl(design.user.profilePicture, avatarPlaceholder)}
              alt=""
              width={28}
              height={28}
              // Not fetched ahead of the gallery's first picture, which the page is judged by.
              loading="lazy"
              decoding="async"
            />
            <span>
              by{' '}
              <Link to={paths.profile(owner)} className={styles.owner}>
                {owner}
              </Link>
            </span>
            {created && (
              <>
                <span aria-hidden="true">·</span>
                <time dateTime={design.createdAt}>{created}</time>
              </>
            )}
          </p>
        </div>
        <div className={styles.headerSide}>
          <ul className={styles.stats} aria-label="Statistics">
            <li className={styles.stat} title={countLabel(design.views, 'view', 'views')}>
              <ViewsIcon />
              <span aria-hidden="true">{formatCount(design.views)}</span>
              <span className="visually-hidden">{countLabel(design.views, 'view', 'views')}</span>
            </li>
            <li>
              <LikeButton design={design} signedIn={signedIn} queryKey={queryKey} />
            </li>
            <li className={styles.stat} title={countLabel(design.downloads, 'download', 'downloads')}>
              <DownloadsIcon />
              <span aria-hidden="true">{formatCount(design.downloads)}</span>
              <span className="visually-hidden">{countLabel(design.downloads, 'download', 'downloads')}</span>
            </li>
          </ul>
          {/* canEdit is the owner's alone: the owner edits the design, anyone else may report it. */}
          {design.canEdit ? (
            <Link to={paths.editDesign(design.id)} className={`${button.base} ${button.secondary}`}>
              Edit Design
            </Link>
          ) : (
            <ReportButton targetType="design" targetId={design.id} signedIn={signedIn} />
          )}
        </div>
      </header>

      <div className={styles.layout}>
        <div className={styles.main}>
          <HydrationSlice>
            <DesignMedia design={design} />
          </HydrationSlice>

          <section className={styles.about} aria-labelledby="design-about-heading">
            <h2 id="design-about-heading" className={styles.sectionHeading}>
              About
            </h2>
            {description ? (
              <p className={styles.description}>{description}</p>
            ) : (
              <p className={styles.muted}>No description available</p>
            )}
            {design.tags.length > 0 && (
              <ul className={styles.tags} aria-label="Tags">
                {design.tags.map((tag) => (
                  <li key={tag} className={styles.tag}>
                    {tag}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <HydrationSlice>
            <DesignFileList design={design} signedIn={signedIn} />
          </HydrationSlice>
        </div>

        <aside className={styles.aside} aria-label="Design information">
          <HydrationSlice>
            <DesignSidePanel design={design} signedIn={signedIn} />
          </HydrationSlice>
          <HydrationSlice>
            <ModelFacts design={design} />
          </HydrationSlice>
        </aside>
      </div>
    </article>
  );
}

/**
 * The gallery, or the 3D viewer when asked for. Every model with a preview mesh can be shown in 3D,
 * to everyone: the preview is public. The model file itself goes only to those the server lets
 * have it (canViewModel: whoever may download the design, and everyone for a free one), and then
 * takes the preview's place; for them a model without a preview can be shown too.
 */
function DesignMedia({ design }: { design: DesignDetail }) {
  const { canViewModel } = design;
  const models = useMemo(
    () =>
      design.files.filter((file) => file.type === 'stl' && (canViewModel || previewMeshOf(file) !== null)),
    [design.files, canViewModel],
  );
  const images = useMemo(() => galleryImages(design), [design]);
  const offer3d = models.length > 0;
  // The person's own toggle wins; until they use it, Settings > Preferences decides whether the
  // viewer opens on load (still only when there is a model to show: see offer3d).
  const { autoOpen3d } = usePreferences();
  const [chosen3d, setChosen3d] = useState<boolean | null>(null);
  const show3d = chosen3d ?? autoOpen3d;
  const [modelId, setModelId] = useState<string | null>(null);
  const model = models.find((file) => file._id === modelId) ?? models[0];
  const shown = useMemo(
    () =>
      model
        ? viewerModels(
            previewMeshOf(model),
            canViewModel ? signedModelSource(model._id, modelKindOfName(model.name)) : null,
          )
        : null,
    [model, canViewModel],
  );

  return (
    <section className={styles.media} aria-label="Images and 3D view">
      {offer3d && (
        <div className={styles.mediaBar}>
          <button
            type="button"
            className={`${button.base} ${button.secondary}`}
            aria-pressed={show3d}
            onClick={() => setChosen3d(!show3d)}
            onPointerEnter={preloadModelViewer}
            onFocus={preloadModelViewer}
          >
            {show3d ? 'Show as Image' : 'Show in 3D'}
          </button>
          {show3d && models.length > 1 && (
            <label className={styles.modelPick}>
              <span>Model</span>
              <select value={model?._id} onChange={(event) => setModelId(event.target.value)}>
                {models.map((file) => (
                  <option key={file._id} value={file._id}>
                    {file.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      {show3d && shown && model ? (
        <ModelViewer
          models={shown}
          height={500}
          label={model.name}
          onError={(error) => console.error(error.message)}
        />
      ) : (
        <DesignGallery images={images} rendering={previewsPending(design)} />
      )}
    </section>
  );
}

/** A model's public preview mesh, as a URL the browser can fetch; null until the server made it. */
function previewMeshOf(file: DesignDetailFile): string | null {
  return mediaUrl(file.previewMeshUrl, '') || null;
}
