import { CheckIcon } from '../ui/icons';
import './Benefits.css';

/** What premium gives (the offering the landing and the purchase page show). */
export const benefits = [
  '30 premium stories of your choice',
  'Unlimited free stories, as always',
  'One-time payment: no recurring charges',
  'Ad-free reading',
  'Activated within 24 hours of payment',
];

export function Benefits() {
  return (
    <ul className="purchase-benefits">
      {benefits.map((benefit) => (
        <li key={benefit}>
          <CheckIcon className="purchase-benefits__icon" aria-hidden="true" />
          {benefit}
        </li>
      ))}
    </ul>
  );
}
