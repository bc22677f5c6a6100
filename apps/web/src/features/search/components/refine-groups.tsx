import {
  type CategoryFacetItem,
  type FacetGroup,
  type SearchFormData,
  type SearchResultsValue,
  WITHIN_KEY,
} from '@shop/contract';
import { type ReactNode, useState } from 'react';
import { Accordion } from '../../../components/accordion';
import { formatCount } from '../../../lib/format-count';
import { HydrateLater } from '../../../lib/hydrate-later';
import {
  chooseAllLocations,
  priceRangeLabel,
  splitTerm,
  toggleFacet,
  toggleState,
  toggleStore,
  toggleValue,
  withinValues,
} from '../search-form';

const FACETS_SHOWN = 8;

/** The count after a space, so a choice reads 'Phones 127' to assistive technology too. */
function Count({ n }: { n: number }) {
  return (
    <>
      {' '}
      <span className="refine__count">{formatCount(n)}</span>
    </>
  );
}

/** One choice in a group: its input, then its name and, where known, its count. */
function Choice({ name, count, children }: { name: string; count?: number; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, an input inside the label.
    <label className="refine__option">
      {children}
      <span className="refine__name">{name}</span>
      {count === undefined ? null : <Count n={count} />}
    </label>
  );
}

/** The path from a root to the chosen category, so its branch is shown open. */
function lineageOf(items: CategoryFacetItem[], guid: string | undefined): Set<string> {
  const path = new Set<string>();
  if (!guid) return path;
  const walk = (nodes: CategoryFacetItem[]): boolean => {
    for (const node of nodes) {
      if (node.Guid === guid || walk(node.FacetItems)) {
        path.add(node.Guid);
        return true;
      }
    }
    return false;
  };
  walk(items);
  return path;
}

function facetValue(item: { Term: string; Guid: string; Name: string }, index: number): string {
  return item.Guid || splitTerm(item.Term).guid || `facet-${index}`;
}

function facetName(item: { Term: string; Name: string }): string {
  return item.Name || splitTerm(item.Term).name;
}

function CategoryRadios({
  name,
  items,
  chosen,
  lineage,
  onChoose,
}: {
  name: string;
  items: CategoryFacetItem[];
  chosen: string;
  lineage: Set<string>;
  onChoose: (guid: string) => void;
}) {
  return (
    <ul className="refine__tree">
      {items.map((item, i) => {
        const value = facetValue(item, i);
        return (
          <li key={value}>
            <Choice name={facetName(item)} count={item.Count}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={chosen === value}
                onChange={() => onChoose(value)}
              />
            </Choice>
            {item.FacetItems.length > 0 && lineage.has(value) ? (
              <CategoryRadios
                name={name}
                items={item.FacetItems}
                chosen={chosen}
                lineage={lineage}
                onChoose={onChoose}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function CheckboxList({
  group,
  chosen,
  onToggle,
}: {
  group: FacetGroup;
  chosen: string[];
  onToggle: (value: string, on: boolean) => void;
}) {
  const [all, setAll] = useState(false);
  const items = group.FacetItems.map((item, i) => ({ item, value: facetValue(item, i) }));
  const shown = all ? items : items.filter((entry, i) => i < FACETS_SHOWN || chosen.includes(entry.value));
  return (
    <fieldset className="refine__fieldset">
      <legend className="visually-hidden">{group.Name}</legend>
      <ul className="refine__list">
        {shown.map(({ item, value }) => (
          <li key={value}>
            <Choice name={facetName(item)} count={item.Count}>
              <input
                type="checkbox"
                value={value}
                checked={chosen.includes(value)}
                onChange={(event) => onToggle(value, event.target.checked)}
              />
            </Choice>
          </li>
        ))}
      </ul>
      {items.length > FACETS_SHOWN ? (
        <button type="button" className="refine__more" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${items.length}`}
          <span className="visually-hidden"> {group.Name.toLowerCase()} options</span>
        </button>
      ) : null}
    </fieldset>
  );
}

/** A state's stores, open at first when something in it is chosen; then the shopper's to open or close. */
function StateDetails({ initiallyOpen, children }: { initiallyOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details className="refine__state" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      {children}
    </details>
  );
}

/** Delivery first, then the rest of the upper groups, then the lower groups (spec screen 4). */
function orderedFacetGroups(value: SearchResultsValue): FacetGroup[] {
  const upper = value.UpperFacetGroupList;
  const delivery = upper.filter((group) => group.GroupName === 'delivery');
  return [...delivery, ...upper.filter((group) => group.GroupName !== 'delivery'), ...value.LowerFacetGroupList];
}

export interface RefineGroupsProps {
  /** The panel's id: the category radios' name is made from it. */
  id: string;
  value: SearchResultsValue | null;
  form: SearchFormData;
  onChange: (form: SearchFormData) => void;
  currencySymbol: string;
  /**
   * The category group alone: the first frame of a phone's sheet, so the tap that opens it paints
   * at once; the other groups follow a frame later (RefinePanel).
   */
  firstOnly?: boolean;
}

/** The Location group: All locations, then each state's stores under its own disclosure. */
function LocationGroup({
  value,
  form,
  onChange,
}: {
  value: SearchResultsValue;
  form: SearchFormData;
  onChange: (form: SearchFormData) => void;
}) {
  const states = form.states ?? [];
  const stores = form.stores ?? [];
  const allLocations = states.length + stores.length === 0;
  return (
    <Accordion title="Location" defaultOpen={!allLocations}>
      <fieldset className="refine__fieldset">
        <legend className="visually-hidden">Location</legend>
        <Choice name="All locations">
          <input type="checkbox" checked={allLocations} onChange={() => onChange(chooseAllLocations(form))} />
        </Choice>
        {value.StoreFacetGroupList.map((state) => {
          const code = state.Guid || splitTerm(state.Term).guid || state.Name;
          const inState = states.includes(code) || state.Stores.some((s, i) => stores.includes(facetValue(s, i)));
          return (
            <StateDetails key={code} initiallyOpen={inState}>
              <summary className="refine__state-summary">
                <span className="refine__name">{state.Name}</span>
                <Count n={state.TotalItemsInState} />
              </summary>
              <ul className="refine__list">
                <li>
                  <Choice name={`All stores in ${state.Name}`} count={state.TotalItemsInState}>
                    <input
                      type="checkbox"
                      value={code}
                      checked={states.includes(code)}
                      onChange={(event) => onChange(toggleState(form, code, event.target.checked))}
                    />
                  </Choice>
                </li>
                {state.Stores.map((store, i) => {
                  const slug = facetValue(store, i);
                  return (
                    <li key={slug}>
                      <Choice name={facetName(store)} count={store.Count}>
                        <input
                          type="checkbox"
                          value={slug}
                          checked={stores.includes(slug)}
                          onChange={(event) => onChange(toggleStore(form, slug, event.target.checked))}
                        />
                      </Choice>
                    </li>
                  );
                })}
              </ul>
            </StateDetails>
          );
        })}
      </fieldset>
    </Accordion>
  );
}

/** The price bands. */
function PriceGroup({
  value,
  form,
  onChange,
  currencySymbol,
}: {
  value: SearchResultsValue;
  form: SearchFormData;
  onChange: (form: SearchFormData) => void;
  currencySymbol: string;
}) {
  const prices = form.price ?? [];
  return (
    <Accordion title={value.PriceRangeGroupItem.Name || 'Price'} defaultOpen={prices.length > 0}>
      <fieldset className="refine__fieldset">
        <legend className="visually-hidden">Price</legend>
        <ul className="refine__list">
          {value.PriceRangeGroupItem.PriceRangeFacetItems.map((band) => (
            <li key={band.Term}>
              <Choice name={priceRangeLabel(band.From, band.To, currencySymbol)} count={band.TotalAvaibleItems}>
                <input
                  type="checkbox"
                  value={band.Term}
                  checked={prices.includes(band.Term)}
                  onChange={(event) =>
                    onChange({ ...form, price: toggleValue(form.price, band.Term, event.target.checked) })
                  }
                />
              </Choice>
            </li>
          ))}
        </ul>
      </fieldset>
    </Accordion>
  );
}

/**
 * The refine panel's groups: category radios, locations, the generic facet groups, price bands and
 * the 'Show only' flags. Choices change the form (RefinePanel applies it).
 */
export function RefineGroups({ id, value, form, onChange, currencySymbol, firstOnly = false }: RefineGroupsProps) {
  const categoryGroup = value?.CategoryFacetGroupList[0];
  const chosenCategory = form.category && form.category !== 'all' ? form.category : 'all';
  const lineage = lineageOf(categoryGroup?.FacetItems ?? [], form.category);
  const rest = firstOnly ? null : value;
  return (
    <>
      {/* Each group hydrates in a task of its own (HydrateLater): the whole panel at once, 120-odd
            options and hidden on a phone, was one of the search page's longest tasks). */}
      {categoryGroup ? (
        <HydrateLater name="refine-category">
          <Accordion title={categoryGroup.Name || 'Category'} defaultOpen>
            <fieldset className="refine__fieldset">
              <legend className="visually-hidden">Category</legend>
              <ul className="refine__tree refine__tree--top">
                <li>
                  <Choice name="All" count={categoryGroup.Count}>
                    <input
                      type="radio"
                      name={`${id}-category`}
                      value="all"
                      checked={chosenCategory === 'all'}
                      onChange={() => onChange({ ...form, category: 'all' })}
                    />
                  </Choice>
                </li>
              </ul>
              <CategoryRadios
                name={`${id}-category`}
                items={categoryGroup.FacetItems}
                chosen={chosenCategory}
                lineage={lineage}
                onChoose={(guid) => onChange({ ...form, category: guid })}
              />
            </fieldset>
          </Accordion>
        </HydrateLater>
      ) : null}
      {rest && rest.StoreFacetGroupList.length > 0 ? (
        <HydrateLater name="refine-location">
          <LocationGroup value={rest} form={form} onChange={onChange} />
        </HydrateLater>
      ) : null}
      {rest
        ? orderedFacetGroups(rest).map((group) => {
            // The Distance group's radii live in the form's `within` (the search's own key), not its facets.
            const distance = group.GroupName === WITHIN_KEY;
            const chosen = distance ? withinValues(form) : (form.facets?.[group.GroupName] ?? []);
            const toggle = (v: string, on: boolean) =>
              distance
                ? onChange({ ...form, within: toggleValue(chosen, v, on).join(',') || undefined })
                : onChange(toggleFacet(form, group.GroupName, v, on));
            return (
              <HydrateLater key={group.GroupName} name={`refine-facet-${group.GroupName}`}>
                <Accordion
                  title={group.Name}
                  defaultOpen={group.GroupName === 'delivery' || distance || chosen.length > 0}
                >
                  <CheckboxList group={group} chosen={chosen} onToggle={toggle} />
                </Accordion>
              </HydrateLater>
            );
          })
        : null}
      {rest && rest.PriceRangeGroupItem.PriceRangeFacetItems.length > 0 ? (
        <HydrateLater name="refine-price">
          <PriceGroup value={rest} form={form} onChange={onChange} currencySymbol={currencySymbol} />
        </HydrateLater>
      ) : null}
      {rest && rest.FilterFacetList.length > 0 ? (
        <HydrateLater name="refine-flags">
          <fieldset className="refine__fieldset refine__flags">
            <legend className="refine__flags-title">Show only</legend>
            <ul className="refine__list">
              {rest.FilterFacetList.map((flag) => (
                <li key={flag.GroupName}>
                  <Choice name={flag.Name} count={flag.Count}>
                    <input
                      type="checkbox"
                      checked={form[flag.GroupName] === true}
                      onChange={(event) => onChange({ ...form, [flag.GroupName]: event.target.checked })}
                    />
                  </Choice>
                </li>
              ))}
            </ul>
          </fieldset>
        </HydrateLater>
      ) : null}
    </>
  );
}
