// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// A test stablecoin for the local dev chains: OpenZeppelin's ERC20 with the real token's decimals
/// and one minter (the account that deployed it, the sandbox provider's treasury).
contract TestStablecoin is ERC20 {
    uint8 private immutable _tokenDecimals;
    address public immutable minter;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        _tokenDecimals = decimals_;
        minter = msg.sender;
    }

    function decimals() public view override returns (uint8) {
        return _tokenDecimals;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "TestStablecoin: only the minter mints");
        _mint(to, amount);
    }
}
