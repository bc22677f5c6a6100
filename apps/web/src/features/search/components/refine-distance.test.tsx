// @vitest-environment jsdom
import type { SearchFormData } from '@shop/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeResults } from '../test-fixtures';
import { RefineGroups } from './refine-groups';

afterEach(cleanup);

const distance = {
  Name: 'Distance',
  GroupName: 'within',
  FacetItems: [5, 10, 25].map((km, i) => ({
    Term: `Within ${km} km|${km}`,
    Name: `Within ${km} km`,
    Guid: String(km),
    Count: (i + 1) * 10,
    Selected: false,
  })),
};

describe("the refine panel's Distance group", () => {
  it("ticks radii into the form's within, not its facets", () => {
    const onChange = vi.fn();
    const form: SearchFormData = { near: '2150', within: '10' };
    render(
      <RefineGroups
        id="r"
        value={makeResults({ UpperFacetGroupList: [distance] })}
        form={form}
        onChange={onChange}
        currencySymbol="$"
      />,
    );
    const ten = screen.getByRole('checkbox', { name: 'Within 10 km 20' }) as HTMLInputElement;
    expect(ten.checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Within 25 km 30' }));
    expect(onChange).toHaveBeenLastCalledWith({ near: '2150', within: '10,25' });
    fireEvent.click(ten);
    expect(onChange).toHaveBeenLastCalledWith({ near: '2150', within: undefined });
  });
});
