import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { useReturnsPolicy } from '../api/get-returns-policy';
import '../returns-and-warranty.css';

/**
 * Returns and warranty beside the buy box: the region's returns policy in brief, which is the
 * returns page's own description (one source, edited by the marketplace admin with the page), and
 * links to the full returns and warranty pages. Without the summary the links still lead there.
 */
export function ReturnsAndWarranty() {
  const policy = useReturnsPolicy();
  return (
    <section className="returns-warranty" aria-labelledby="returns-warranty-title">
      <h2 id="returns-warranty-title" className="returns-warranty__title">
        <Icon name="shield-check" size={18} />
        Returns and warranty
      </h2>
      {policy.status === 'done' && policy.value.Description ? (
        <p className="returns-warranty__summary">{policy.value.Description}</p>
      ) : null}
      <p className="returns-warranty__links">
        <Link to="/help/returns">Returns and refunds</Link>
        <Link to="/help/warranty">Warranty</Link>
      </p>
    </section>
  );
}
