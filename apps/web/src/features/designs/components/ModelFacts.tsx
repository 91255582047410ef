import type { DesignDetail } from '@printmarket/shared/types';
import { formatFamilies, modelFacts, readingWarnings, sizeNote } from '@/features/designs/model-facts.ts';
import styles from './DesignSections.module.css';

/**
 * The design's facts: the formats of its models, the licence (the same for every design,
 * docs/product.md#design-page), the category, and what the analysis measured for each model, with a
 * note when its size suggests another unit. Its owner also reads what the reader forgave in a file.
 */
export function ModelFacts({ design }: { design: DesignDetail }) {
  const models = design.files.filter((file) => file.type === 'stl');
  const analysed = models.filter((file) => file.analysis);
  const several = models.length > 1;

  return (
    <section className={styles.panel} aria-labelledby="design-details-heading">
      <h2 id="design-details-heading" className={styles.panelHeading}>
        Details
      </h2>
      <table className={styles.facts}>
        <caption className="visually-hidden">About the design</caption>
        <tbody>
          <tr>
            <th scope="row">Format</th>
            <td>{formatFamilies(models.map((file) => file.analysis))}</td>
          </tr>
          <tr>
            <th scope="row">License</th>
            <td>Creative Commons</td>
          </tr>
          {design.category && (
            <tr>
              <th scope="row">Category</th>
              <td>{design.category}</td>
            </tr>
          )}
          <tr>
            <th scope="row">Files</th>
            <td>
              {models.length} {models.length === 1 ? 'model' : 'models'}
            </td>
          </tr>
        </tbody>
      </table>
      {analysed.map((file) => {
        const analysis = file.analysis!;
        const note = sizeNote(analysis);
        const warnings = design.canEdit ? readingWarnings(analysis) : [];
        return (
          <div key={file._id}>
            <table className={styles.facts}>
              <caption className={several ? styles.factsCaption : 'visually-hidden'}>
                {several ? file.name : `Model: ${file.name}`}
              </caption>
              <tbody>
                {modelFacts(analysis).map((fact) => (
                  <tr key={fact.label}>
                    <th scope="row">{fact.label}</th>
                    <td>{fact.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {note && <p className={styles.factNote}>{note}</p>}
            {warnings.length > 0 && (
              <div className={styles.factWarnings}>
                <p
                  className={styles.factWarningsTitle}
                >{`Read with warnings (only you see this): ${file.name}`}</p>
                <ul>
                  {warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
