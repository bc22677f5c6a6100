import { Route, Routes } from 'react-router';
import { AddItemPage } from './add-item-page';
import { EditItemPage } from './edit-item-page';
import { ImportPage } from './import-page';
import { ItemPage } from './item-page';
import { StockListPage } from './stock-list-page';
import './stock.css';

/** The store's stock: the list, one item, add, edit and the CSV import. */
export function StockRoutes() {
  return (
    <Routes>
      <Route index element={<StockListPage />} />
      <Route path="new" element={<AddItemPage />} />
      <Route path="import" element={<ImportPage />} />
      <Route path=":code" element={<ItemPage />} />
      <Route path=":code/edit" element={<EditItemPage />} />
    </Routes>
  );
}
