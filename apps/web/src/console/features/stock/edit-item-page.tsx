import { Link, useNavigate, useParams } from 'react-router';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConsoleStore } from '../../lib/use-console-store';
import { useStockCategories } from './api/stock-categories';
import { editStockItem, useStockChange } from './api/stock-changes';
import { useStockItem } from './api/stock-items';
import { ItemForm } from './item-form';
import { itemFormValues, type toItemFields } from './item-form-values';
import { itemPictureUrls } from './item-pictures';
import { stockPaths } from './stock-paths';

type Fields = ReturnType<typeof toItemFields>;

/** Edits an item: the add form, filled in; new pictures (when chosen) replace the old ones. */
export function EditItemPage() {
  const { store } = useConsoleStore();
  const code = useParams().code ?? '';
  const navigate = useNavigate();
  const item = useStockItem(store.Id, code);
  const categories = useStockCategories(store.Id);
  const edit = useStockChange(store.Id, ({ fields, pictures }: { fields: Fields; pictures: string[] }) =>
    editStockItem(store.Id, code, pictures.length > 0 ? { ...fields, Pictures: pictures } : fields),
  );
  const title = item.status === 'done' ? `Edit ${item.value.Title}` : 'Edit an item';
  useDocumentTitle(`${title} · ${store.Name}`);

  return (
    <section className="stock" aria-labelledby="stock-edit-title">
      <p className="stock__back">
        <Link to={stockPaths.item(store.Id, code)}>Back to the item</Link>
      </p>
      <h1 id="stock-edit-title">{title}</h1>
      {item.status === 'error' ? <Notice kind="error">{item.message}</Notice> : null}
      {categories.status === 'error' ? <Notice kind="error">{categories.message}</Notice> : null}
      {item.status === 'loading' || categories.status === 'loading' ? <p role="status">Loading...</p> : null}
      {item.status === 'done' && categories.status === 'done' ? (
        <ItemForm
          label={title}
          region={store.Region}
          priceGuide={{ storeId: store.Id, itemCode: code }}
          categories={categories.value.Categories}
          initial={itemFormValues(item.value)}
          submitLabel="Save the changes"
          currentPictures={itemPictureUrls(item.value)}
          pictureHint={
            item.value.PictureCount > 0
              ? `It has ${item.value.PictureCount} ${item.value.PictureCount === 1 ? 'picture' : 'pictures'}: pictures chosen here replace them all; choose none to keep them.`
              : 'JPEG, PNG or WebP, 5 MB or less each. The first is the main picture.'
          }
          onSubmit={async (fields, pictures) => {
            const saved = await edit.mutateAsync({ fields, pictures });
            navigate(stockPaths.item(store.Id, saved.Code), {
              state: { notice: `Saved the changes to ${saved.Title}.` },
            });
          }}
        />
      ) : null}
    </section>
  );
}
