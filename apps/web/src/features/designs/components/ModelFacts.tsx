import type { DesignDetail } from '@printmarket/shared/types';
import { modelFacts } from '@/features/designs/model-facts.ts';
import styles from './DesignSections.module.css';

/**
 * The design's facts: file format and licence (the same for every design, docs/product.md#design-page), the
 * category, and what the STL analysis measured for each model.
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
            <td>3D STL</td>
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
      {analysed.map((file) => (
        <table key={file._id} className={styles.facts}>
          <caption className={several ? styles.factsCaption : 'visually-hidden'}>
            {several ? file.name : `Model: ${file.name}`}
          </caption>
          <tbody>
            {file.analysis &&
              modelFacts(file.analysis).map((fact) => (
                <tr key={fact.label}>
                  <th scope="row">{fact.label}</th>
                  <td>{fact.value}</td>
                </tr>
              ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
