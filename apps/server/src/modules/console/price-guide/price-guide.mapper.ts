import type { PriceGuideValue } from '@shop/contract';
import { productUrl } from '../../catalogue/catalogue.mapper.js';
import type { GuideAnswer } from './price-guide-index.js';

/** The guide's answer as the wire carries it (PascalCase; dates as ISO dates; links to the items' pages). */
export function priceGuideValue(answer: GuideAnswer): PriceGuideValue {
  return {
    SoldMedianMinor: answer.soldMedianMinor,
    ListedMedianMinor: answer.listedMedianMinor,
    LowMinor: answer.lowMinor,
    HighMinor: answer.highMinor,
    SoldCount: answer.soldCount,
    ListedCount: answer.listedCount,
    Confidence: answer.confidence,
    ConfidenceReason: answer.confidenceReason,
    SuggestedMinor: answer.suggestedMinor,
    ConditionAdjustment: answer.conditionAdjustment
      ? { FromCondition: answer.conditionAdjustment.fromCondition, Percent: answer.conditionAdjustment.percent }
      : null,
    Comparables: answer.comparables.map((item) => ({
      Code: item.code,
      Title: item.title,
      PriceMinor: item.priceMinor,
      Status: item.status === 'sold' ? 'Sold' : 'Listed',
      Date: new Date(item.at).toISOString().slice(0, 10),
      Condition: item.condition,
      StoreName: item.storeName,
      Url: productUrl(item.code, item.slug),
    })),
    MatchedOn: {
      CategoryId: answer.matchedOn.categoryId,
      CategoryName: answer.matchedOn.categoryName,
      UsedParentCategory: answer.matchedOn.usedParentCategory,
      Brand: answer.matchedOn.brand,
      ModelWords: answer.matchedOn.modelWords,
    },
  };
}
