import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoadError } from '../../components/page-load-error';
import { useProduct } from '../../features/product/api/get-product';
import { ProductDetails, ProductNotFound, ProductSkeleton } from '../../features/product/components/product-details';
import { AlertMeButton } from '../../features/saved-searches/components/alert-me-button';

/** /product/:code/:slug. The code finds the item; a wrong or missing slug is corrected in place. */
export function ProductPage() {
  const { code = '' } = useParams();
  const validCode = /^[A-Za-z0-9]{1,20}$/.test(code);
  const product = useProduct(validCode ? code : null);
  const location = useLocation();
  const navigate = useNavigate();
  const canonical = product.status === 'done' ? product.value.Url : null;

  useEffect(() => {
    if (canonical && decodeURI(location.pathname) !== canonical) {
      navigate(`${canonical}${location.search}${location.hash}`, { replace: true });
    }
  }, [canonical, location.pathname, location.search, location.hash, navigate]);

  let content: ReactNode;
  if (!validCode || (product.status === 'error' && product.httpStatus === 404)) {
    content = <ProductNotFound code={code} />;
  } else if (product.status === 'error') {
    content = <PageLoadError title="This item could not be shown" message={product.message} onRetry={product.reload} />;
  } else if (product.status === 'loading') {
    content = <ProductSkeleton />;
  } else {
    const { value } = product;
    content = (
      <ProductDetails
        key={value.Code}
        product={value}
        soldAlert={<AlertMeButton searchUrl={value.SimilarSearchUrl} title={value.Title} />}
      />
    );
  }
  return content;
}
