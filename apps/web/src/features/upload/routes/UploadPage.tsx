import { MODEL_EXTENSIONS, PHOTO_EXTENSIONS } from '@printmarket/shared/uploads';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { checkModelFile } from '@/components/model-viewer/check-model-file.ts';
import { type UploadProgress, uploadDesign, uploadFailureText } from '@/features/upload/api/upload-design.ts';
import { BasicInfoStep } from '@/features/upload/components/BasicInfoStep.tsx';
import { FilePicker } from '@/features/upload/components/FilePicker.tsx';
import { ModelPreview } from '@/features/upload/components/ModelPreview.tsx';
import { MonetizationStep } from '@/features/upload/components/MonetizationStep.tsx';
import { StepIndicator } from '@/features/upload/components/StepIndicator.tsx';
import { UploadProgressBar } from '@/features/upload/components/UploadProgressBar.tsx';
import { addPicked, type PickedFile } from '@/features/upload/file-selection.ts';
import {
  buildUploadFormData,
  EMPTY_UPLOAD_FORM,
  firstUploadProblem,
  UPLOAD_STEPS,
  type UploadFormValues,
  type UploadStep,
} from '@/features/upload/upload-form.ts';
import { fileProblemText, useFileProblems } from '@/features/upload/use-file-checks.ts';
import { PageTitle } from '@/lib/page-head.tsx';
import { paths } from '@/lib/paths.ts';
import { rootKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session/session.tsx';
import button from '@/styles/button.module.css';
import styles from './UploadPage.module.css';

/**
 * The 'Upload 3D Model' wizard (docs/product.md#upload-wizard): basic info, files with a local 3D preview,
 * then pricing and collection. Everything entered stays while moving between the steps and after a
 * failed upload. The upload itself reports its progress; success opens the new design's page.
 */
export default function UploadPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<UploadFormValues>({ defaultValues: EMPTY_UPLOAD_FORM });
  const [step, setStep] = useState<UploadStep>(1);
  const [stlFiles, setStlFiles] = useState<PickedFile[]>([]);
  const [photos, setPhotos] = useState<PickedFile[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const submitting = progress !== null;
  // A chosen STL file already known not to be a model holds the wizard on step 2, saying why.
  const stlProblem = fileProblemText(useFileProblems(stlFiles, checkModelFile));
  const heldUp = step === 2 && stlProblem !== null;
  const inFlight = useRef<AbortController | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastId = useRef(0);
  const makeId = () => `file-${++lastId.current}`;

  // Leaving the page cancels an upload under way.
  useEffect(() => () => inFlight.current?.abort(), []);

  // Closing the tab in the middle of an upload asks first.
  useEffect(() => {
    if (!submitting) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [submitting]);

  // A new step: its heading takes the focus, so keyboard and screen reader users start there.
  const goTo = (next: UploadStep) => {
    flushSync(() => setStep(next));
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  };

  const upload = async () => {
    if (inFlight.current) return;
    const values = form.getValues();
    const problem = firstUploadProblem(values, stlFiles.length);
    if (problem) {
      window.alert(problem);
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress({ percent: 0, sent: false });
    try {
      const body = buildUploadFormData(
        values,
        stlFiles.map((picked) => picked.file),
        photos.map((picked) => picked.file),
        Date.now(),
      );
      const { design } = await uploadDesign(body, { signal: controller.signal, onProgress: setProgress });
      inFlight.current = null;
      // The new design belongs in the lists (home, dashboard) from now on.
      void queryClient.invalidateQueries({ queryKey: rootKeys.designs });
      const username = user?.username ?? design.user.username;
      navigate(paths.design(username, design.slug));
    } catch (error) {
      inFlight.current = null;
      if (controller.signal.aborted) return;
      // The form comes back (with everything in it) before the alert holds the page.
      flushSync(() => setProgress(null));
      const text = uploadFailureText(error);
      if (text) window.alert(text);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting || heldUp) return;
    if (step < 3) goTo((step + 1) as UploadStep);
    else void upload();
  };

  const title = UPLOAD_STEPS[step - 1];

  return (
    <div className={styles.page}>
      <PageTitle>Upload 3D Model · PrintMarket</PageTitle>
      <header className={styles.header}>
        <h1 className={styles.pageTitle}>Upload 3D Model</h1>
        <p className={styles.lead}>
          Share your design: describe it, add the model files and photos, then set a price.
        </p>
      </header>
      <StepIndicator current={step} />
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="upload-step-title">
        <fieldset className={styles.fieldset} disabled={submitting}>
          <h2 id="upload-step-title" ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
            <span className={styles.stepNumber}>{`Step ${step} of ${UPLOAD_STEPS.length}`}</span>
            {title}
          </h2>

          {step === 1 && <BasicInfoStep register={form.register} />}

          {step === 2 && (
            <div className={styles.files}>
              <FilePicker
                title="Model files"
                description="The 3D models people will print: STL, 3MF or OBJ. Add at least one."
                extensions={MODEL_EXTENSIONS}
                kindLabel="STL, 3MF or OBJ"
                chooseLabel="Choose model files"
                files={stlFiles}
                onAdd={(files) => setStlFiles((current) => addPicked(current, files, makeId))}
                onRemove={(id) => setStlFiles((current) => current.filter((picked) => picked.id !== id))}
              />
              {stlFiles.length > 0 && <ModelPreview files={stlFiles} />}
              <FilePicker
                title="Photos"
                description="Pictures of the printed model. The first one is the cover."
                extensions={PHOTO_EXTENSIONS}
                kindLabel="PNG, JPG, JPEG, GIF or BMP"
                chooseLabel="Choose photos"
                files={photos}
                onAdd={(files) => setPhotos((current) => addPicked(current, files, makeId))}
                onRemove={(id) => setPhotos((current) => current.filter((picked) => picked.id !== id))}
                thumbnails
              />
            </div>
          )}

          {step === 3 && <MonetizationStep form={form} />}

          {progress && <UploadProgressBar progress={progress} />}

          <div className={styles.actions}>
            {step > 1 ? (
              <button
                type="button"
                className={`${button.base} ${button.secondary} ${button.large}`}
                onClick={() => goTo((step - 1) as UploadStep)}
              >
                Back
              </button>
            ) : (
              <span />
            )}
            {step < 3 ? (
              <div className={styles.next}>
                {/* Kept in the page while empty: a live region must exist before its text changes to be read out. */}
                <p id="upload-next-problem" className={styles.problem} aria-live="polite">
                  {heldUp ? stlProblem : null}
                </p>
                <button
                  type="submit"
                  className={`${button.base} ${button.primary} ${button.large}`}
                  disabled={heldUp}
                  aria-describedby={heldUp ? 'upload-next-problem' : undefined}
                >
                  Next
                </button>
              </div>
            ) : (
              <button type="submit" className={`${button.base} ${button.primary} ${button.large}`}>
                {submitting ? 'Uploading...' : 'Upload Design'}
              </button>
            )}
          </div>
        </fieldset>
      </form>
    </div>
  );
}
